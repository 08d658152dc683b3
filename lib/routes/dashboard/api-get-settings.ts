import { noQuery } from '../../input/empty';
import { dashboardApi } from '../core/operation';

export const dashboardApiGetSettings = dashboardApi('api-get-settings', {
  method: 'GET',
  path: '/dashboard/api/settings',
  operation: 'dashboardApiGetSettings',
  query: noQuery,
});
