import { dashboardApi } from '../core/operation';

export const dashboardApiListSessions = dashboardApi('api-list-sessions', {
  method: 'GET',
  path: '/dashboard/api/sessions',
  operation: 'dashboardApiListSessions',
});
