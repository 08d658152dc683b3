import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiRecoverWebhookEvents as contract } from '../../lib/routes/webhooks/api-recover-webhook-events';
import { recoverEventsAs } from '../../lib/dashboard/audited-changes';

/** POST /dashboard/api/webhook-endpoints/{id}/recover `{since}`: re-deliver, in order, every event since then. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params, body }) => ({
    status: 202,
    body: { object: 'webhook_recovery', ...(await recoverEventsAs(auth, params.id, body.since)) },
  }),
});
