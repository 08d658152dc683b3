import { isId } from '../../lib/ids';
import { parseOrRefuse } from '../../lib/errors';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { field } from '../../lib/http/dashboard/forms';
import { dashboardWebhookEndpoint as contract } from '../../lib/routes/dashboard/page-webhook-endpoint';
import { attemptsQuery } from '../../lib/webhooks/operations/dashboard-delivery';
import { endpointPageFor } from '../../lib/dashboard/endpoint-page';

/** What the page says after an action sent the browser back here. */
function noticeOf(query: Record<string, string | undefined>): string | undefined {
  if (isId('event', query.resent))
    return `Event ${query.resent} is queued for delivery again, behind anything the endpoint already has queued.`;
  if (isId('event', query.tested))
    return `Test event ${query.tested} (webhook_endpoint.test) is recorded and on its way to this endpoint only: its delivery appears below.`;
  if (query.retried !== undefined) return 'The waiting delivery is being attempted now; the events behind it follow in order.';
  if (query.saved !== undefined) return 'Saved. Deliveries use the new settings from their next attempt on.';
  if (query.recovered !== undefined && /^\d+$/.test(query.recovered))
    return `${query.recovered} event${query.recovered === '1' ? '' : 's'} queued for delivery again, in order, behind what was waiting.`;
  return undefined;
}

/** GET /dashboard/webhook-endpoints/{id} (`?after=` pages the deliveries; `?resent=`, `?tested=`… after an action). */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params, event }) => {
    const query = event.queryStringParameters ?? {};
    const { after } = parseOrRefuse(attemptsQuery, { after: field(query as Record<string, string>, 'after') }, 'query string');
    return endpointPageFor(auth.session, params.id, { after, notice: noticeOf(query) });
  },
});
