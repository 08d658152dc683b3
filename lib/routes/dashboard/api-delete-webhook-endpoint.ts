import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardApi } from '../core/operation';

export const dashboardApiDeleteWebhookEndpoint = dashboardApi('api-delete-webhook-endpoint', {
  method: 'DELETE',
  path: '/dashboard/api/webhook-endpoints/{id}',
  operation: 'dashboardApiDeleteWebhookEndpoint',
  params: endpointParams,
});
