import { parseOrRefuse } from '../../lib/errors';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardCreateWebhookEndpoint as contract } from '../../lib/routes/dashboard/page-create-webhook-endpoint';
import { createEndpointBody } from '../../lib/dashboard/webhook-endpoints';
import { createWebhookEndpointAs } from '../../lib/dashboard/audited-changes';
import { endpointFormToBody } from '../../lib/http/dashboard/forms';
import { endpointSecretPage } from '../../lib/dashboard/pages/webhook-endpoints';

/** POST /dashboard/webhook-endpoints: shows the signing secret once, and offers a test event. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, body: form }) => {
    const body = parseOrRefuse(createEndpointBody, endpointFormToBody(form ?? {}), 'form');
    const created = await createWebhookEndpointAs(auth, body);
    return endpointSecretPage(
      auth.session,
      created,
      created.secret,
      'Endpoint created',
      'Verify deliveries with it (scheme v1), or with the public key (v1a).',
      true,
    );
  },
});
