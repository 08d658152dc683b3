import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiEnableWebhookEndpoint as contract } from '../../lib/routes/dashboard/api-enable-webhook-endpoint';
import { enableWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';

/** POST /dashboard/api/webhook-endpoints/{id}/enable. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 200, body: await enableWebhookEndpoint(auth.session.partner_id, params.id) }),
});
