import { webhookEndpoints } from '../webhooks/endpoints';
import { deliveriesOfEndpoint } from '../webhooks/operations/dashboard-delivery';
import { queuedEvents } from '../webhooks/operations/queued-events';
import { resourceMissing } from '../errors';
import { endpointPage } from './pages/webhook-endpoints';
import type { FormState } from './pages/form-state';
import type { DashboardSession } from './session';
import { readWebhookEndpoint } from './webhook-endpoints';

/** How many delivery attempts one page of the endpoint shows (grouped by event; the JSON face pages up to 100). */
export const ATTEMPTS_PER_PAGE = 20;

/**
 * The endpoint's page with everything on it: health, the events queued behind the head, the recover
 * form, the deliveries and the settings form. A refused form is shown again here, with what was typed
 * and its refusals beside the fields (`edit`, `recover`), answered with the refusal's status.
 */
export async function endpointPageFor(
  session: DashboardSession,
  id: string,
  options: { after?: string; notice?: string; edit?: FormState; recover?: FormState; status?: number } = {},
) {
  const endpoint = await readWebhookEndpoint(session.partner_id, id);
  const record = await webhookEndpoints.get(session.partner_id, id);
  if (!record) throw resourceMissing('webhook endpoint', id);
  const [deliveries, queued] = await Promise.all([
    deliveriesOfEndpoint(session.partner_id, id, ATTEMPTS_PER_PAGE, options.after, endpoint),
    queuedEvents(record),
  ]);
  return endpointPage(
    session,
    endpoint,
    { groups: deliveries.groups, next: deliveries.next_cursor, first: !options.after },
    options.notice,
    {
      queued,
      edit: options.edit,
      recover: options.recover,
      status: options.status,
    },
  );
}
