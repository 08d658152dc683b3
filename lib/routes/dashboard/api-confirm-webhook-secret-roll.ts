import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardApi } from '../core/operation';

export const dashboardApiConfirmWebhookSecretRoll = dashboardApi('api-confirm-webhook-secret-roll', {
  method: 'POST',
  path: '/dashboard/api/webhook-endpoints/{id}/secret/roll/confirm',
  operation: 'dashboardApiConfirmWebhookSecretRoll',
  params: endpointParams,
});
