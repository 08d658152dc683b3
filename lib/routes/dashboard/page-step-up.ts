import { stepUpPageQuery } from '../../dashboard/schemas';
import { dashboardPage } from '../core/operation';

export const dashboardStepUpPage = dashboardPage('page-step-up', {
  method: 'GET',
  path: '/dashboard/step-up',
  operation: 'dashboardStepUpPage',
  query: stepUpPageQuery,
});
