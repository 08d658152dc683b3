import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardWebhookEndpoints as contract } from '../../lib/routes/dashboard';
import { listWebhookEndpoints } from '../../lib/dashboard/webhook-endpoints';
import { endpointsPage } from '../../lib/dashboard/pages/webhook-endpoints';

/** GET /dashboard/webhook-endpoints */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth }) => endpointsPage(auth.session, await listWebhookEndpoints(auth.session.partner_id)),
});
