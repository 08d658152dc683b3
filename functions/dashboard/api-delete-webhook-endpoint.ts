import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiDeleteWebhookEndpoint as contract } from '../../lib/routes/dashboard/api-delete-webhook-endpoint';
import { deleteWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';

/** DELETE /dashboard/api/webhook-endpoints/{id} → `{object, id, deleted: true}`; its queued deliveries are cancelled. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 200, body: await deleteWebhookEndpoint(auth.session.partner_id, params.id) }),
});
