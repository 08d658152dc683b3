import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardPage } from '../core/operation';

export const dashboardUpdateWebhookEndpoint = dashboardPage('page-update-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/webhook-endpoints/{id}/edit',
  operation: 'dashboardUpdateWebhookEndpoint',
  params: endpointParams,
});
