import { listEventsQuery } from '../../events/listing/list-events-query';
import { eventSchema } from '../../resources/event';
import { pagedList } from '../../resources/lists';
import { partner } from '../core/operation';

export const listEvents = partner('list-events', {
  method: 'GET',
  path: '/v1/events',
  operation: 'listEvents',
  scope: 'events:read',
  query: listEventsQuery,
  summary: 'The event log, newest first, cursor-paged',
  description:
    'Filters AND together. Reconciliation: sweep with created_at[gte] a few minutes (five recommended) before the last sweep, sort=created_at, follow end_cursor via after until has_next_page is false, and process events idempotently by id.',
  tag: 'Events',
  responses: { 200: { description: 'A page of events.', schema: pagedList('EventList', eventSchema, 'A page of the event log.') } },
});
