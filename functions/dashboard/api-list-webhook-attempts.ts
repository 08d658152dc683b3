import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiListWebhookAttempts as contract } from '../../lib/routes/webhooks/api-list-webhook-attempts';
import { attemptsOfEndpoint } from '../../lib/webhooks/operations/dashboard-delivery';

/** GET /dashboard/api/webhook-endpoints/{id}/attempts: every delivery attempt, newest first. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params, query }) => ({
    status: 200,
    body: await attemptsOfEndpoint(auth.session.partner_id, params.id, query.limit, query.after),
  }),
});
