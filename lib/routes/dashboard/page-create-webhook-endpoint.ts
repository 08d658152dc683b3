import { dashboardPage } from '../core/operation';

export const dashboardCreateWebhookEndpoint = dashboardPage('page-create-webhook-endpoint', {
  method: 'POST',
  path: '/dashboard/webhook-endpoints',
  operation: 'dashboardCreateWebhookEndpoint',
});
