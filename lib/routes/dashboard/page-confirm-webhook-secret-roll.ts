import { endpointParams } from '../../dashboard/webhook-endpoints';
import { dashboardPage } from '../core/operation';

export const dashboardConfirmWebhookSecretRoll = dashboardPage('page-confirm-webhook-secret-roll', {
  method: 'POST',
  path: '/dashboard/webhook-endpoints/{id}/secret/roll/confirm',
  operation: 'dashboardConfirmWebhookSecretRoll',
  params: endpointParams,
});
