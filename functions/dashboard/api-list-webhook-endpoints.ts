import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiListWebhookEndpoints as contract } from '../../lib/routes/dashboard/api-list-webhook-endpoints';
import { listWebhookEndpoints } from '../../lib/dashboard/webhook-endpoints';

/** GET /dashboard/api/webhook-endpoints: both modes, never a secret. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth }) => ({ status: 200, body: { object: 'list', items: await listWebhookEndpoints(auth.session.partner_id) } }),
});
