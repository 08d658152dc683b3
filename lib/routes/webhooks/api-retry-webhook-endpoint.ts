import { endpointIdParams } from '../../webhooks/operations/dashboard-delivery';
import { dashboardApi } from '../core/operation';

export const dashboardApiRetryWebhookEndpoint = dashboardApi('api-retry-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/api/webhook-endpoints/{id}/retry',
  operation: 'dashboardApiRetryWebhookEndpoint',
  params: endpointIdParams,
});
