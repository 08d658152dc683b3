import { dashboardPage } from '../core/operation';

export const dashboardStepUpSend = dashboardPage('page-step-up-send', {
  method: 'POST',
  path: '/dashboard/step-up',
  operation: 'dashboardStepUpSend',
});
