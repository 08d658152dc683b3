import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardApiRollWebhookSecret as contract } from '../../lib/routes/dashboard';
import { requestSecretRoll } from '../../lib/dashboard/webhook-endpoints';

/** POST /dashboard/api/webhook-endpoints/{id}/secret/roll: e-mails a one-time code to the signed-in person. */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 202, body: await requestSecretRoll(auth.session, params.id) }),
});
