import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardEnableWebhookEndpoint as contract } from '../../lib/routes/dashboard/page-enable-webhook-endpoint';
import { enableWebhookEndpointAs } from '../../lib/dashboard/audited-changes';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/webhook-endpoints/{id}/enable */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    await enableWebhookEndpointAs(auth, params.id);
    return seeOther(`/dashboard/webhook-endpoints/${params.id}`);
  },
});
