import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardPage } from '../core/operation';

export const dashboardRollWebhookSecret = dashboardPage('page-roll-webhook-secret', {
  method: 'POST',
  path: '/dashboard/webhook-endpoints/{id}/secret/roll',
  operation: 'dashboardRollWebhookSecret',
  params: endpointParams,
});
