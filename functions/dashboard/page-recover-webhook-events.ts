import { ApiError, parseOrRefuse } from '../../lib/errors';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardRecoverWebhookEvents as contract } from '../../lib/routes/dashboard/page-recover-webhook-events';
import { recoverFormToBody } from '../../lib/http/dashboard/forms';
import { readWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';
import { recoverEventsAs } from '../../lib/dashboard/audited-changes';
import { recoverBody } from '../../lib/webhooks/operations/dashboard-delivery';
import { endpointPageFor } from '../../lib/dashboard/endpoint-page';
import { formStateOf } from '../../lib/dashboard/pages/form-state';
import { seeOther } from '../../lib/dashboard/pages/layout';

/**
 * POST /dashboard/webhook-endpoints/{id}/recover: the endpoint page's recover form (a date and time,
 * UTC): every event the endpoint takes since then is delivered again, in order. A refused time shows
 * the page again with the refusal beside the field.
 */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params, body: form }) => {
    await readWebhookEndpoint(auth.session.partner_id, params.id);
    try {
      const body = parseOrRefuse(recoverBody, recoverFormToBody(form ?? {}), 'form');
      const recovered = await recoverEventsAs(auth, params.id, body.since);
      return seeOther(`/dashboard/webhook-endpoints/${params.id}?recovered=${recovered.events}#queued-title`);
    } catch (error) {
      if (!(error instanceof ApiError) || (error.code !== 'invalid_request' && error.code !== 'rate_limit')) throw error;
      return endpointPageFor(auth.session, params.id, { recover: formStateOf(error, form), status: error.status });
    }
  },
});
