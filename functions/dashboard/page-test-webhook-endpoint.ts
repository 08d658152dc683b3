import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardTestWebhookEndpoint as contract } from '../../lib/routes/dashboard/page-test-webhook-endpoint';
import { sendTestEvent } from '../../lib/webhooks/operations/send-test-event';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/webhook-endpoints/{id}/test: the "Send test event" button (the JSON face: …/api/…/test). */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    const event = await sendTestEvent(auth.session.partner_id, params.id);
    return seeOther(`/dashboard/webhook-endpoints/${params.id}?tested=${event.id}`);
  },
});
