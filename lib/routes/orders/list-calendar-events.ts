import { companyIdParams } from '../../companies/params';
import { noQuery } from '../../input/empty';
import { calendarEventSchema } from '../../resources/calendar-event';
import { plainList } from '../../resources/lists';
import { partner } from '../core/operation';
import { tag } from './shared';

export const listCalendarEvents = partner('list-calendar-events', {
  method: 'GET',
  path: '/v1/companies/{companyID}/calendar-events',
  operation: 'listCalendarEvents',
  scope: 'companies:read',
  params: companyIdParams,
  query: noQuery,
  summary: 'Upcoming compliance deadlines and their reminder points',
  tag,
  responses: {
    200: {
      description: 'The deadlines.',
      schema: plainList('CalendarEventList', calendarEventSchema, 'Compliance deadlines of a company.'),
    },
  },
  errors: [404],
});
