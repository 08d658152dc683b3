import { noBody } from '../../input/empty';
import { dashboardApi } from '../core/operation';

export const dashboardApiSignOutEverywhere = dashboardApi('api-sign-out-everywhere', {
  method: 'POST',
  path: '/dashboard/api/sessions/sign-out-everywhere',
  operation: 'dashboardApiSignOutEverywhere',
  body: noBody,
});
