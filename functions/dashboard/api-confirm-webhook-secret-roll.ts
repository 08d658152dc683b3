import { dashboardApi } from '../../lib/dashboard/http/operation';
import { parseOrRefuse } from '../../lib/errors';
import { confirmRollBody, confirmSecretRoll, endpointParams } from '../../lib/dashboard/webhook-endpoints';

/** POST /dashboard/api/webhook-endpoints/{id}/secret/roll/confirm `{code}` → the new secret, once. */
export const handler = dashboardApi({
  params: endpointParams,
  handle: async ({ auth, params, body }) => ({
    status: 200,
    body: await confirmSecretRoll(auth.session.partner_id, params.id, () => parseOrRefuse(confirmRollBody, body ?? {}, 'body').code),
  }),
});
