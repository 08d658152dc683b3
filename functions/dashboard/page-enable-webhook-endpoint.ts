import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardEnableWebhookEndpoint as contract } from '../../lib/routes/dashboard';
import { enableWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/webhook-endpoints/{id}/enable */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    await enableWebhookEndpoint(auth.session.partner_id, params.id);
    return seeOther(`/dashboard/webhook-endpoints/${params.id}`);
  },
});
