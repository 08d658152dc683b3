import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardTestWebhookEndpoint as contract } from '../../lib/routes/dashboard/page-test-webhook-endpoint';
import { sendTestEventAs } from '../../lib/dashboard/audited-acts';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/webhook-endpoints/{id}/test: the "Send test event" button (the JSON face: …/api/…/test). */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    const event = await sendTestEventAs(auth, params.id);
    return seeOther(`/dashboard/webhook-endpoints/${params.id}?tested=${event.id}`);
  },
});
