import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiRetryWebhookEndpoint as contract } from '../../lib/routes/webhooks/api-retry-webhook-endpoint';
import { retryNow } from '../../lib/webhooks/operations/retry-now';

/** POST /dashboard/api/webhook-endpoints/{id}/retry: the lane's waiting head is attempted now → 202. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 202, body: await retryNow(auth.session.partner_id, params.id) }),
});
