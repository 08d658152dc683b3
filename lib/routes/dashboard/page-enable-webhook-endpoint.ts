import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardPage } from '../core/operation';

export const dashboardEnableWebhookEndpoint = dashboardPage('page-enable-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/webhook-endpoints/{id}/enable',
  operation: 'dashboardEnableWebhookEndpoint',
  params: endpointParams,
});
