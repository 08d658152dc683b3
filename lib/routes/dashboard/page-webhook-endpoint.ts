import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardPage } from '../core/operation';

export const dashboardWebhookEndpoint = dashboardPage('page-webhook-endpoint', {
  method: 'GET',
  path: '/dashboard/webhook-endpoints/{id}',
  operation: 'dashboardWebhookEndpoint',
  params: endpointParams,
});
