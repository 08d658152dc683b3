import { isId } from '../../lib/ids';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardWebhookEndpoints as contract } from '../../lib/routes/dashboard/page-webhook-endpoints';
import { listWebhookEndpoints } from '../../lib/dashboard/webhook-endpoints';
import { endpointsPage } from '../../lib/dashboard/pages/webhook-endpoints';

/** GET /dashboard/webhook-endpoints (`?deleted=<id>` after a delete). */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, event }) => {
    const deleted = event.queryStringParameters?.deleted;
    const notice = isId('webhookEndpoint', deleted)
      ? `Endpoint ${deleted} is deleted; deliveries still queued for it are cancelled. Its events stay in your event log.`
      : undefined;
    return endpointsPage(auth.session, await listWebhookEndpoints(auth.session.partner_id), notice);
  },
});
