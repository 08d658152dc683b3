import { attemptsQuery, endpointIdParams } from '../../webhooks/operations/dashboard-delivery';
import { dashboardApi } from '../core/operation';

export const dashboardApiListWebhookAttempts = dashboardApi('api-list-webhook-attempts', {
  method: 'GET',
  path: '/dashboard/api/webhook-endpoints/{id}/attempts',
  operation: 'dashboardApiListWebhookAttempts',
  params: endpointIdParams,
  query: attemptsQuery,
});
