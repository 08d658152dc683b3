import { dashboardApi } from '../../lib/dashboard/http/operation';
import { disableWebhookEndpoint, endpointParams } from '../../lib/dashboard/webhook-endpoints';

/** POST /dashboard/api/webhook-endpoints/{id}/disable (`disabled_reason: manual`). */
export const handler = dashboardApi({
  params: endpointParams,
  handle: async ({ auth, params }) => ({ status: 200, body: await disableWebhookEndpoint(auth.session.partner_id, params.id) }),
});
