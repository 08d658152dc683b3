import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardPage } from '../core/operation';

export const dashboardTestWebhookEndpoint = dashboardPage('page-test-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/webhook-endpoints/{id}/test',
  operation: 'dashboardTestWebhookEndpoint',
  params: endpointParams,
});
