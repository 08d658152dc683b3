import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardPage } from '../core/operation';

export const dashboardResendWebhookEvent = dashboardPage('page-resend-webhook-event', {
  method: 'POST',
  path: '/dashboard/webhook-endpoints/{id}/resend',
  operation: 'dashboardResendWebhookEvent',
  params: endpointParams,
});
