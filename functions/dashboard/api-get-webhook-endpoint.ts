import { noQuery } from '../../lib/input';
import { dashboardApi } from '../../lib/dashboard/http/operation';
import { endpointParams, readWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';

/** GET /dashboard/api/webhook-endpoints/{id}: with `status` and `disabled_reason`. */
export const handler = dashboardApi({
  params: endpointParams,
  query: noQuery,
  handle: async ({ auth, params }) => ({ status: 200, body: await readWebhookEndpoint(auth.session.partner_id, params.id) }),
});
