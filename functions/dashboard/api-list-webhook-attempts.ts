import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardApiListWebhookAttempts as contract } from '../../lib/routes/webhooks';
import { attemptsOfEndpoint } from '../../lib/webhooks/operations/dashboard-delivery';

/** GET /dashboard/api/webhook-endpoints/{id}/attempts: every delivery attempt, newest first. */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth, params, query }) => ({ status: 200, body: await attemptsOfEndpoint(auth.session.partner_id, params.id, query.limit) }),
});
