import { endpointIdParams, resendBody } from '../../webhooks/operations/dashboard-delivery';
import { dashboardApi } from '../core/operation';

export const dashboardApiResendWebhookEvent = dashboardApi('api-resend-webhook-event', {
  method: 'POST',
  path: '/dashboard/api/webhook-endpoints/{id}/resend',
  operation: 'dashboardApiResendWebhookEvent',
  params: endpointIdParams,
  body: resendBody,
});
