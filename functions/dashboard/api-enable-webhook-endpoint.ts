import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiEnableWebhookEndpoint as contract } from '../../lib/routes/dashboard/api-enable-webhook-endpoint';
import { enableWebhookEndpointAs } from '../../lib/dashboard/audited-changes';

/** POST /dashboard/api/webhook-endpoints/{id}/enable. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 200, body: await enableWebhookEndpointAs(auth, params.id) }),
});
