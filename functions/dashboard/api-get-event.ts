import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiGetEvent as contract } from '../../lib/routes/dashboard/api-get-event';
import { browseEvent } from '../../lib/dashboard/event-browser';

/** GET /dashboard/api/events/{eventID}: the event with, per endpoint of its mode, its delivery attempts. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 200, body: await browseEvent(auth.session.partner_id, params.eventID) }),
});
