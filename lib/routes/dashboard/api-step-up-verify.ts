import { stepUpBody } from '../../dashboard/schemas';
import { dashboardApi } from '../core/operation';

export const dashboardApiStepUpVerify = dashboardApi('api-step-up-verify', {
  method: 'POST',
  path: '/dashboard/api/step-up/verify',
  operation: 'dashboardApiStepUpVerify',
  body: stepUpBody,
});
