import { dashboardPage } from '../../lib/dashboard/http/operation';
import { listWebhookEndpoints } from '../../lib/dashboard/webhook-endpoints';
import { endpointsPage } from '../../lib/dashboard/pages/webhook-endpoints';

/** GET /dashboard/webhook-endpoints */
export const handler = dashboardPage({
  handle: async ({ auth }) => endpointsPage(auth.session, await listWebhookEndpoints(auth.session.partner_id)),
});
