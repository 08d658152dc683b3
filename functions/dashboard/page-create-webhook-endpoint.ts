import { parseOrRefuse } from '../../lib/errors';
import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardCreateWebhookEndpoint as contract } from '../../lib/routes/dashboard';
import { createEndpointBody, createWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';
import { endpointFormToBody } from '../../lib/http/dashboard/forms';
import { endpointSecretPage } from '../../lib/dashboard/pages/webhook-endpoints';

/** POST /dashboard/webhook-endpoints: shows the signing secret once. */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth, body: form }) => {
    const body = parseOrRefuse(createEndpointBody, endpointFormToBody(form ?? {}), 'form');
    const created = await createWebhookEndpoint(auth.session.partner_id, body);
    return endpointSecretPage(auth.session, created, created.secret, 'Endpoint created', 'Verify deliveries with it (scheme v1), or with the public key (v1a).');
  },
});
