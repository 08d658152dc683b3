import { dashboardApi } from '../../lib/dashboard/http/operation';
import { attemptsOfEndpoint, attemptsQuery, endpointIdParams } from '../../lib/webhooks/operations/dashboard-delivery';

/** GET /dashboard/api/webhook-endpoints/{id}/attempts: every delivery attempt, newest first. */
export const handler = dashboardApi({
  params: endpointIdParams,
  query: attemptsQuery,
  handle: async ({ auth, params, query }) => ({ status: 200, body: await attemptsOfEndpoint(auth.session.partner_id, params.id, query.limit) }),
});
