import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiDeleteWebhookEndpoint as contract } from '../../lib/routes/dashboard/api-delete-webhook-endpoint';
import { deleteWebhookEndpointAs } from '../../lib/dashboard/audited-changes';

/** DELETE /dashboard/api/webhook-endpoints/{id} → `{object, id, deleted: true}`; its queued deliveries are cancelled. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 200, body: await deleteWebhookEndpointAs(auth, params.id) }),
});
