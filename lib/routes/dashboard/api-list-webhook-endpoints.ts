import { noQuery } from '../../input/empty';
import { dashboardApi } from '../core/operation';

export const dashboardApiListWebhookEndpoints = dashboardApi('api-list-webhook-endpoints', {
  method: 'GET',
  path: '/dashboard/api/webhook-endpoints',
  operation: 'dashboardApiListWebhookEndpoints',
  query: noQuery,
});
