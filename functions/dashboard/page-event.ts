import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardEvent as contract } from '../../lib/routes/dashboard/page-event';
import { browseEvent } from '../../lib/dashboard/event-browser';
import { companyNames } from '../../lib/dashboard/names';
import { eventPage } from '../../lib/dashboard/pages/events';

/** GET /dashboard/events/{eventID}: one event, its payload and its deliveries per endpoint, with resend. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    const event = await browseEvent(auth.session.partner_id, params.eventID);
    return eventPage(auth.session, event, await companyNames(auth.session.partner_id, [event]));
  },
});
