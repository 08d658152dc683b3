import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardPage } from '../core/operation';

export const dashboardDisableWebhookEndpoint = dashboardPage('page-disable-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/webhook-endpoints/{id}/disable',
  operation: 'dashboardDisableWebhookEndpoint',
  params: endpointParams,
});
