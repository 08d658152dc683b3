import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardWebhookEndpoints as contract } from '../../lib/routes/dashboard/page-webhook-endpoints';
import { listWebhookEndpoints } from '../../lib/dashboard/webhook-endpoints';
import { endpointsPage } from '../../lib/dashboard/pages/webhook-endpoints';

/** GET /dashboard/webhook-endpoints */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth }) => endpointsPage(auth.session, await listWebhookEndpoints(auth.session.partner_id)),
});
