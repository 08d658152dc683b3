import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardDisableWebhookEndpoint as contract } from '../../lib/routes/dashboard/page-disable-webhook-endpoint';
import { disableWebhookEndpointAs } from '../../lib/dashboard/audited-changes';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/webhook-endpoints/{id}/disable */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    await disableWebhookEndpointAs(auth, params.id);
    return seeOther(`/dashboard/webhook-endpoints/${params.id}`);
  },
});
