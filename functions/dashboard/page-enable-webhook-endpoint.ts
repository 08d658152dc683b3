import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardEnableWebhookEndpoint as contract } from '../../lib/routes/dashboard/page-enable-webhook-endpoint';
import { enableWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/webhook-endpoints/{id}/enable */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    await enableWebhookEndpoint(auth.session.partner_id, params.id);
    return seeOther(`/dashboard/webhook-endpoints/${params.id}`);
  },
});
