import { dashboardRequestsPageQuery } from '../../dashboard/requests';
import { dashboardPage } from '../core/operation';

export const dashboardRequests = dashboardPage('page-requests', {
  method: 'GET',
  path: '/dashboard/requests',
  operation: 'dashboardRequests',
  query: dashboardRequestsPageQuery,
});
