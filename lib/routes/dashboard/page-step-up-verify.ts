import { dashboardPage } from '../core/operation';

export const dashboardStepUpVerify = dashboardPage('page-step-up-verify', {
  method: 'POST',
  path: '/dashboard/step-up/verify',
  operation: 'dashboardStepUpVerify',
});
