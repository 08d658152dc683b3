import { mailGoesToOutbox } from '../../lib/email';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardRollWebhookSecret as contract } from '../../lib/routes/dashboard/page-roll-webhook-secret';
import { readWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';
import { requestSecretRollAs } from '../../lib/dashboard/audited-acts';
import { rollConfirmPage } from '../../lib/dashboard/pages/webhook-endpoints';

/** POST /dashboard/webhook-endpoints/{id}/secret/roll: e-mails the code, asks for it. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    const endpoint = await readWebhookEndpoint(auth.session.partner_id, params.id);
    const roll = await requestSecretRollAs(auth, params.id, { endpointKnown: true }); // read just above
    return rollConfirmPage(auth.session, endpoint, roll.email, mailGoesToOutbox());
  },
});
