import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardApiListWebhookEndpoints as contract } from '../../lib/routes/dashboard';
import { listWebhookEndpoints } from '../../lib/dashboard/webhook-endpoints';

/** GET /dashboard/api/webhook-endpoints: both modes, never a secret. */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth }) => ({ status: 200, body: { object: 'list', items: await listWebhookEndpoints(auth.session.partner_id) } }),
});
