import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardDisableWebhookEndpoint as contract } from '../../lib/routes/dashboard/page-disable-webhook-endpoint';
import { disableWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/webhook-endpoints/{id}/disable */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    await disableWebhookEndpoint(auth.session.partner_id, params.id);
    return seeOther(`/dashboard/webhook-endpoints/${params.id}`);
  },
});
