import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { companyIdParams } from '../../lib/companies/schemas';
import { calendarEventsOf } from '../../lib/calendar/calendar-events';

/** GET /v1/companies/{companyID}/calendar-events: upcoming compliance deadlines and their reminder points. */
export const handler = apiOperation({
  scope: 'companies:read',
  params: companyIdParams,
  query: noQuery,
  handle: async ({ caller, params }) => ({ status: 200, body: { object: 'list', items: await calendarEventsOf(caller.scope, params.companyID) } }),
});
