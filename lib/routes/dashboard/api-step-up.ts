import { noBody } from '../../input/empty';
import { dashboardApi } from '../core/operation';

export const dashboardApiStepUp = dashboardApi('api-step-up', {
  method: 'POST',
  path: '/dashboard/api/step-up',
  operation: 'dashboardApiStepUp',
  body: noBody,
});
