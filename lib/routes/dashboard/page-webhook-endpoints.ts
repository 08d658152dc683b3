import { dashboardPage } from '../core/operation';

export const dashboardWebhookEndpoints = dashboardPage('page-webhook-endpoints', {
  method: 'GET',
  path: '/dashboard/webhook-endpoints',
  operation: 'dashboardWebhookEndpoints',
});
