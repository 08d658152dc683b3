import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiRetryWebhookEndpoint as contract } from '../../lib/routes/webhooks/api-retry-webhook-endpoint';
import { retryNowAs } from '../../lib/dashboard/audited-acts';

/** POST /dashboard/api/webhook-endpoints/{id}/retry: the lane's waiting head is attempted now → 202. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 202, body: await retryNowAs(auth, params.id) }),
});
