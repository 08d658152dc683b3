import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiCreateWebhookEndpoint as contract } from '../../lib/routes/dashboard/api-create-webhook-endpoint';
import { createWebhookEndpointAs } from '../../lib/dashboard/audited-changes';

/** POST /dashboard/api/webhook-endpoints → 201 with `secret` (this response only) and `public_key`. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, body }) => ({ status: 201, body: await createWebhookEndpointAs(auth, body) }),
});
