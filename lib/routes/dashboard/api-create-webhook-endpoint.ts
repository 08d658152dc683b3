import { createEndpointBody } from '../../dashboard/webhook-endpoints';
import { dashboardApi } from '../core/operation';

export const dashboardApiCreateWebhookEndpoint = dashboardApi('api-create-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/api/webhook-endpoints',
  operation: 'dashboardApiCreateWebhookEndpoint',
  body: createEndpointBody,
});
