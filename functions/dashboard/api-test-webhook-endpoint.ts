import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiTestWebhookEndpoint as contract } from '../../lib/routes/webhooks/api-test-webhook-endpoint';
import { sendTestEventAs } from '../../lib/dashboard/audited-acts';

/** POST /dashboard/api/webhook-endpoints/{id}/test → 202 with the recorded `webhook_endpoint.test` event. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 202, body: await sendTestEventAs(auth, params.id) }),
});
