import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiUpdateWebhookEndpoint as contract } from '../../lib/routes/dashboard/api-update-webhook-endpoint';
import { updateWebhookEndpointAs } from '../../lib/dashboard/audited-changes';

/** PATCH /dashboard/api/webhook-endpoints/{id} `{url?, description?, enabled_events?}` → the endpoint. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params, body }) => ({ status: 200, body: await updateWebhookEndpointAs(auth, params.id, body) }),
});
