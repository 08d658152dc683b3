import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardPage } from '../core/operation';

export const dashboardRecoverWebhookEvents = dashboardPage('page-recover-webhook-events', {
  method: 'POST',
  path: '/dashboard/webhook-endpoints/{id}/recover',
  operation: 'dashboardRecoverWebhookEvents',
  params: endpointParams,
});
