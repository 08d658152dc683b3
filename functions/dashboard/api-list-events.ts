import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiListEvents as contract } from '../../lib/routes/dashboard/api-list-events';
import { browseEvents } from '../../lib/dashboard/event-browser';

/** GET /dashboard/api/events: the partner's log, both modes (or `livemode`), by `id`, `type`, `company_id`; newest first. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, query }) => ({ status: 200, body: await browseEvents(auth.session.partner_id, query) }),
});
