import { dashboardApi } from '../core/operation';

export const dashboardApiSignOut = dashboardApi('api-sign-out', {
  method: 'POST',
  path: '/dashboard/api/sign-out',
  operation: 'dashboardApiSignOut',
});
