import { parseOrRefuse } from '../../lib/errors';
import { dashboardPage } from '../../lib/dashboard/http/operation';
import { createEndpointBody, createWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';
import { endpointFormToBody } from '../../lib/dashboard/http/forms';
import { endpointSecretPage } from '../../lib/dashboard/pages/webhook-endpoints';

/** POST /dashboard/webhook-endpoints: shows the signing secret once. */
export const handler = dashboardPage({
  handle: async ({ auth, body: form }) => {
    const body = parseOrRefuse(createEndpointBody, endpointFormToBody(form ?? {}), 'form');
    const created = await createWebhookEndpoint(auth.session.partner_id, body);
    return endpointSecretPage(auth.session, created, created.secret, 'Endpoint created', 'Verify deliveries with it (scheme v1), or with the public key (v1a).');
  },
});
