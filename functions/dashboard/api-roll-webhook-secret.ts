import { dashboardApi } from '../../lib/dashboard/http/operation';
import { endpointParams, requestSecretRoll } from '../../lib/dashboard/webhook-endpoints';

/** POST /dashboard/api/webhook-endpoints/{id}/secret/roll: e-mails a one-time code to the signed-in person. */
export const handler = dashboardApi({
  params: endpointParams,
  handle: async ({ auth, params }) => ({ status: 202, body: await requestSecretRoll(auth.session, params.id) }),
});
