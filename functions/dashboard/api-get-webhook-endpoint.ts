import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiGetWebhookEndpoint as contract } from '../../lib/routes/dashboard/api-get-webhook-endpoint';
import { readWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';

/** GET /dashboard/api/webhook-endpoints/{id}: with `status` and `disabled_reason`. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 200, body: await readWebhookEndpoint(auth.session.partner_id, params.id) }),
});
