import { apiOperation } from '../../lib/http/operation';
import { listCalendarEvents as contract } from '../../lib/routes/orders/list-calendar-events';
import { calendarEventsOf } from '../../lib/calendar/calendar-events';

/** GET /v1/companies/{companyID}/calendar-events: upcoming compliance deadlines and their reminder points. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => ({
    status: 200,
    body: { object: 'list', items: await calendarEventsOf(caller.scope, params.companyID) },
  }),
});
