import { endpointIdParams, recoverBody } from '../../webhooks/operations/dashboard-delivery';
import { dashboardApi } from '../core/operation';

export const dashboardApiRecoverWebhookEvents = dashboardApi('api-recover-webhook-events', {
  method: 'POST',
  path: '/dashboard/api/webhook-endpoints/{id}/recover',
  operation: 'dashboardApiRecoverWebhookEvents',
  params: endpointIdParams,
  body: recoverBody,
});
