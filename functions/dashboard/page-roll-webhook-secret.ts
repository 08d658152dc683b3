import { mailGoesToOutbox } from '../../lib/email';
import { dashboardPage } from '../../lib/dashboard/http/operation';
import { endpointParams, readWebhookEndpoint, requestSecretRoll } from '../../lib/dashboard/webhook-endpoints';
import { rollConfirmPage } from '../../lib/dashboard/pages/webhook-endpoints';

/** POST /dashboard/webhook-endpoints/{id}/secret/roll: e-mails the code, asks for it. */
export const handler = dashboardPage({
  params: endpointParams,
  handle: async ({ auth, params }) => {
    const endpoint = await readWebhookEndpoint(auth.session.partner_id, params.id);
    const roll = await requestSecretRoll(auth.session, params.id);
    return rollConfirmPage(auth.session, endpoint, roll.email, mailGoesToOutbox());
  },
});
