import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiConfirmWebhookSecretRoll as contract } from '../../lib/routes/dashboard/api-confirm-webhook-secret-roll';
import { parseOrRefuse } from '../../lib/errors';
import { confirmRollBody, confirmSecretRoll } from '../../lib/dashboard/webhook-endpoints';

/** POST /dashboard/api/webhook-endpoints/{id}/secret/roll/confirm `{code}` → the new secret, once. */
export const handler = dashboardApiOperation({
  ...contract,
  // The body is read only once the endpoint is known to be the caller's: a foreign one is 404 first.
  handle: async ({ auth, params, body }) => ({
    status: 200,
    body: await confirmSecretRoll(auth.session.partner_id, params.id, () => parseOrRefuse(confirmRollBody, body ?? {}, 'body').code),
  }),
});
