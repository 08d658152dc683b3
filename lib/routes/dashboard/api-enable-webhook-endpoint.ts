import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardApi } from '../core/operation';

export const dashboardApiEnableWebhookEndpoint = dashboardApi('api-enable-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/api/webhook-endpoints/{id}/enable',
  operation: 'dashboardApiEnableWebhookEndpoint',
  params: endpointParams,
});
