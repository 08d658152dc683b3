import { dashboardApi } from '../../lib/dashboard/http/operation';
import { enableWebhookEndpoint, endpointParams } from '../../lib/dashboard/webhook-endpoints';

/** POST /dashboard/api/webhook-endpoints/{id}/enable. */
export const handler = dashboardApi({
  params: endpointParams,
  handle: async ({ auth, params }) => ({ status: 200, body: await enableWebhookEndpoint(auth.session.partner_id, params.id) }),
});
