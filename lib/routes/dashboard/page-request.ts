import { dashboardRequestParams } from '../../dashboard/requests';
import { noQuery } from '../../input/empty';
import { dashboardPage } from '../core/operation';

export const dashboardRequest = dashboardPage('page-request', {
  method: 'GET',
  path: '/dashboard/requests/{requestID}',
  operation: 'dashboardRequest',
  params: dashboardRequestParams,
  query: noQuery,
});
