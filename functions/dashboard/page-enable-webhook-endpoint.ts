import { dashboardPage } from '../../lib/dashboard/http/operation';
import { enableWebhookEndpoint, endpointParams } from '../../lib/dashboard/webhook-endpoints';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/webhook-endpoints/{id}/enable */
export const handler = dashboardPage({
  params: endpointParams,
  handle: async ({ auth, params }) => {
    await enableWebhookEndpoint(auth.session.partner_id, params.id);
    return seeOther(`/dashboard/webhook-endpoints/${params.id}`);
  },
});
