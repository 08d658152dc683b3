import { dashboardApi } from '../../lib/dashboard/http/operation';
import { endpointIdParams, recoverBody } from '../../lib/webhooks/operations/dashboard-delivery';
import { recoverEvents } from '../../lib/webhooks/operations/recover-events';

/** POST /dashboard/api/webhook-endpoints/{id}/recover `{since}`: re-deliver, in order, every event since then. */
export const handler = dashboardApi({
  params: endpointIdParams,
  body: recoverBody,
  handle: async ({ auth, params, body }) => ({ status: 202, body: { object: 'webhook_recovery', ...(await recoverEvents(auth.session.partner_id, params.id, body.since)) } }),
});
