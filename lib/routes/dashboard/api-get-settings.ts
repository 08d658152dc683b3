import { noQuery } from '../../input';
import { dashboardApi } from '../core/operation';

export const dashboardApiGetSettings = dashboardApi('api-get-settings', {
  method: 'GET',
  path: '/dashboard/api/settings',
  operation: 'dashboardApiGetSettings',
  query: noQuery,
});
