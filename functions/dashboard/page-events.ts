import { parseOrRefuse } from '../../lib/errors';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardEvents as contract } from '../../lib/routes/dashboard/page-events';
import { browseEvents, browseEventsQuery } from '../../lib/dashboard/event-browser';
import { companyNames } from '../../lib/dashboard/names';
import { eventsPage } from '../../lib/dashboard/pages/events';

/** GET /dashboard/events: the events browser; its filter form is a GET of the same page (empty fields are left out). */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, event }) => {
    const raw = Object.fromEntries(Object.entries(event.queryStringParameters ?? {}).filter(([, v]) => v !== undefined && v.trim() !== ''));
    const query = parseOrRefuse(browseEventsQuery, raw, 'query string');
    const list = await browseEvents(auth.session.partner_id, query);
    return eventsPage(auth.session, raw, list, await companyNames(auth.session.partner_id, list.items));
  },
});
