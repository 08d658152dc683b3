import { isId } from '../../lib/ids';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardWebhookEndpoint as contract } from '../../lib/routes/dashboard/page-webhook-endpoint';
import { readWebhookEndpoint } from '../../lib/dashboard/webhook-endpoints';
import { attemptsOfEndpoint } from '../../lib/webhooks/operations/dashboard-delivery';
import { endpointPage } from '../../lib/dashboard/pages/webhook-endpoints';

/** How many delivery attempts the endpoint page shows (the JSON face pages up to 100). */
const RECENT_ATTEMPTS = 20;

/** GET /dashboard/webhook-endpoints/{id} (`?resent=<event id>` after a resend). */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params, event }) => {
    const endpoint = await readWebhookEndpoint(auth.session.partner_id, params.id);
    const { items } = await attemptsOfEndpoint(auth.session.partner_id, params.id, RECENT_ATTEMPTS);
    const resent = event.queryStringParameters?.resent;
    const notice = isId('event', resent)
      ? `Event ${resent} is queued for delivery again, behind anything the endpoint already has queued.`
      : undefined;
    return endpointPage(auth.session, endpoint, items, notice);
  },
});
