import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardApiEnableWebhookEndpoint as contract } from '../../lib/routes/dashboard';
import { enableWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';

/** POST /dashboard/api/webhook-endpoints/{id}/enable. */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 200, body: await enableWebhookEndpoint(auth.session.partner_id, params.id) }),
});
