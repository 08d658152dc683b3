import { ApiError, parseOrRefuse } from '../../lib/errors';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardCreateWebhookEndpoint as contract } from '../../lib/routes/dashboard/page-create-webhook-endpoint';
import { createEndpointBody, listWebhookEndpoints } from '../../lib/dashboard/webhook-endpoints';
import { createWebhookEndpointAs } from '../../lib/dashboard/audited-changes';
import { endpointFormToBody } from '../../lib/http/dashboard/forms';
import { endpointSecretPage, endpointsPage } from '../../lib/dashboard/pages/webhook-endpoints';
import { formStateOf } from '../../lib/dashboard/pages/form-state';

/**
 * POST /dashboard/webhook-endpoints: shows the signing secret once, and offers a test event. A refused
 * form shows the endpoints page again, the form as typed and each refusal beside its field.
 */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, body: form }) => {
    let created: Awaited<ReturnType<typeof createWebhookEndpointAs>>;
    try {
      const body = parseOrRefuse(createEndpointBody, endpointFormToBody(form ?? {}), 'form');
      created = await createWebhookEndpointAs(auth, body);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'invalid_request') throw error;
      const page = endpointsPage(auth.session, await listWebhookEndpoints(auth.session.partner_id), undefined, formStateOf(error, form));
      return { ...page, status: error.status };
    }
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
