import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiResendWebhookEvent as contract } from '../../lib/routes/webhooks/api-resend-webhook-event';
import { resendEventAs } from '../../lib/dashboard/audited-acts';

/** POST /dashboard/api/webhook-endpoints/{id}/resend `{event_id}`: deliver that event once more, in the lane's order. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params, body }) => ({
    status: 202,
    body: { object: 'webhook_resend', ...(await resendEventAs(auth, params.id, body.event_id)) },
  }),
});
