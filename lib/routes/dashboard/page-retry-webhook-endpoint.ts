import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardPage } from '../core/operation';

export const dashboardRetryWebhookEndpoint = dashboardPage('page-retry-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/webhook-endpoints/{id}/retry',
  operation: 'dashboardRetryWebhookEndpoint',
  params: endpointParams,
});
