import { endpointParams } from '../../dashboard/webhook-endpoints';
import { noQuery } from '../../input/empty';
import { dashboardApi } from '../core/operation';

export const dashboardApiGetWebhookEndpoint = dashboardApi('api-get-webhook-endpoint', {
  method: 'GET',
  path: '/dashboard/api/webhook-endpoints/{id}',
  operation: 'dashboardApiGetWebhookEndpoint',
  params: endpointParams,
  query: noQuery,
});
