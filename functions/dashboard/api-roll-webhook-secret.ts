import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiRollWebhookSecret as contract } from '../../lib/routes/dashboard/api-roll-webhook-secret';
import { requestSecretRollAs } from '../../lib/dashboard/audited-acts';

/** POST /dashboard/api/webhook-endpoints/{id}/secret/roll: e-mails a one-time code to the signed-in person. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 202, body: await requestSecretRollAs(auth, params.id) }),
});
