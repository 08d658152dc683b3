import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardPage } from '../core/operation';

export const dashboardDeleteWebhookEndpoint = dashboardPage('page-delete-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/webhook-endpoints/{id}/delete',
  operation: 'dashboardDeleteWebhookEndpoint',
  params: endpointParams,
});
