import { dashboardApi } from '../../lib/dashboard/http/operation';
import { endpointIdParams, resendBody } from '../../lib/webhooks/operations/dashboard-delivery';
import { resendEvent } from '../../lib/webhooks/operations/resend-event';

/** POST /dashboard/api/webhook-endpoints/{id}/resend `{event_id}`: deliver that event once more, in the lane's order. */
export const handler = dashboardApi({
  params: endpointIdParams,
  body: resendBody,
  handle: async ({ auth, params, body }) => ({ status: 202, body: { object: 'webhook_resend', ...(await resendEvent(auth.session.partner_id, params.id, body.event_id)) } }),
});
