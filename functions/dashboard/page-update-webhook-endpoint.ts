import { ApiError, parseOrRefuse } from '../../lib/errors';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardUpdateWebhookEndpoint as contract } from '../../lib/routes/dashboard/page-update-webhook-endpoint';
import { endpointEditFormToBody } from '../../lib/http/dashboard/forms';
import { readWebhookEndpoint, updateEndpointBody } from '../../lib/dashboard/webhook-endpoints';
import { updateWebhookEndpointAs } from '../../lib/dashboard/audited-changes';
import { endpointPageFor } from '../../lib/dashboard/endpoint-page';
import { formStateOf } from '../../lib/dashboard/pages/form-state';
import { seeOther } from '../../lib/dashboard/pages/layout';

/**
 * POST /dashboard/webhook-endpoints/{id}/edit: the endpoint page's edit form (the JSON face: PATCH). A
 * refused edit shows the endpoint's page again, the form as typed and each refusal beside its field.
 */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params, body: form }) => {
    // Another partner's endpoint is missing before its form is read.
    await readWebhookEndpoint(auth.session.partner_id, params.id);
    try {
      const body = parseOrRefuse(updateEndpointBody, endpointEditFormToBody(form ?? {}), 'form');
      await updateWebhookEndpointAs(auth, params.id, body);
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'invalid_request') throw error;
      return endpointPageFor(auth.session, params.id, { edit: formStateOf(error, form), status: error.status });
    }
    return seeOther(`/dashboard/webhook-endpoints/${params.id}?saved=1`);
  },
});
