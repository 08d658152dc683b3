import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiConfirmWebhookSecretRoll as contract } from '../../lib/routes/dashboard/api-confirm-webhook-secret-roll';
import { parseOrRefuse } from '../../lib/errors';
import { confirmRollBody } from '../../lib/dashboard/webhook-endpoints';
import { confirmSecretRollAs } from '../../lib/dashboard/audited-changes';

/**
 * POST /dashboard/api/webhook-endpoints/{id}/secret/roll/confirm `{code, retire_previous?}` → the new
 * secret, once (and a new v1a key); `retire_previous: true` ends the old ones' overlap at once.
 */
export const handler = dashboardApiOperation({
  ...contract,
  // The body is read only once the endpoint is known to be the caller's: a foreign one is 404 first.
  handle: async ({ auth, params, body }) => ({
    status: 200,
    body: await confirmSecretRollAs(auth, params.id, () => parseOrRefuse(confirmRollBody, body ?? {}, 'body')),
  }),
});
