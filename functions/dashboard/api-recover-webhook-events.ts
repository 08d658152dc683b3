import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiRecoverWebhookEvents as contract } from '../../lib/routes/webhooks/api-recover-webhook-events';
import { recoverEvents } from '../../lib/webhooks/operations/recover-events';

/** POST /dashboard/api/webhook-endpoints/{id}/recover `{since}`: re-deliver, in order, every event since then. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params, body }) => ({
    status: 202,
    body: { object: 'webhook_recovery', ...(await recoverEvents(auth.session.partner_id, params.id, body.since)) },
  }),
});
