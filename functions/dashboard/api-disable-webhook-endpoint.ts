import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiDisableWebhookEndpoint as contract } from '../../lib/routes/dashboard/api-disable-webhook-endpoint';
import { disableWebhookEndpointAs } from '../../lib/dashboard/audited-changes';

/** POST /dashboard/api/webhook-endpoints/{id}/disable (`disabled_reason: manual`). */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 200, body: await disableWebhookEndpointAs(auth, params.id) }),
});
