import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiConfirmWebhookSecretRoll as contract } from '../../lib/routes/dashboard/api-confirm-webhook-secret-roll';
import { confirmSecretRoll } from '../../lib/dashboard/webhook-endpoints';

/** POST /dashboard/api/webhook-endpoints/{id}/secret/roll/confirm `{code}` → the new secret, once. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params, body }) => ({ status: 200, body: await confirmSecretRoll(auth.session.partner_id, params.id, body.code) }),
});
