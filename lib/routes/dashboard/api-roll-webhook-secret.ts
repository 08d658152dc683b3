import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardApi } from '../core/operation';

export const dashboardApiRollWebhookSecret = dashboardApi('api-roll-webhook-secret', {
  method: 'POST',
  path: '/dashboard/api/webhook-endpoints/{id}/secret/roll',
  operation: 'dashboardApiRollWebhookSecret',
  params: endpointParams,
});
