import { parseOrRefuse } from '../../lib/errors';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardResendWebhookEvent as contract } from '../../lib/routes/dashboard/page-resend-webhook-event';
import { field } from '../../lib/http/dashboard/forms';
import { resendBody } from '../../lib/webhooks/operations/dashboard-delivery';
import { resendEventAs } from '../../lib/dashboard/audited-acts';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/webhook-endpoints/{id}/resend: the page's resend button (the JSON face: …/api/…/resend). */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params, body: form }) => {
    const { event_id } = parseOrRefuse(resendBody, { event_id: field(form, 'event_id') ?? '' }, 'form');
    await resendEventAs(auth, params.id, event_id);
    return seeOther(`/dashboard/webhook-endpoints/${params.id}?resent=${event_id}`);
  },
});
