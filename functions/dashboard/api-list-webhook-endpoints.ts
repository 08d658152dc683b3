import { noQuery } from '../../lib/input';
import { dashboardApi } from '../../lib/dashboard/http/operation';
import { listWebhookEndpoints } from '../../lib/dashboard/webhook-endpoints';

/** GET /dashboard/api/webhook-endpoints: both modes, never a secret. */
export const handler = dashboardApi({
  query: noQuery,
  handle: async ({ auth }) => ({ status: 200, body: { object: 'list', items: await listWebhookEndpoints(auth.session.partner_id) } }),
});
