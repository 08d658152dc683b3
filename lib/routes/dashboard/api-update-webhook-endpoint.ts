import { endpointParams, updateEndpointBody } from '../../dashboard/webhook-endpoints';
import { dashboardApi } from '../core/operation';

export const dashboardApiUpdateWebhookEndpoint = dashboardApi('api-update-webhook-endpoint', {
  method: 'PATCH',
  path: '/dashboard/api/webhook-endpoints/{id}',
  operation: 'dashboardApiUpdateWebhookEndpoint',
  params: endpointParams,
  body: updateEndpointBody,
});
