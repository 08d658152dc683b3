import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiRollWebhookSecret as contract } from '../../lib/routes/dashboard/api-roll-webhook-secret';
import { requestSecretRoll } from '../../lib/dashboard/webhook-endpoints';

/** POST /dashboard/api/webhook-endpoints/{id}/secret/roll: e-mails a one-time code to the signed-in person. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 202, body: await requestSecretRoll(auth.session, params.id) }),
});
