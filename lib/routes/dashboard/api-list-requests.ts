import { dashboardRequestsQuery } from '../../dashboard/requests';
import { dashboardApi } from '../core/operation';

export const dashboardApiListRequests = dashboardApi('api-list-requests', {
  method: 'GET',
  path: '/dashboard/api/requests',
  operation: 'dashboardApiListRequests',
  query: dashboardRequestsQuery,
});
