import * as z from 'zod';
import { eventIdParams } from '../events/listing/event-id-params';
import { listEventsQuery } from '../events/listing/list-events-query';
import { noQuery } from '../input';
import { eventSchema } from '../resources/event';
import { pagedList } from '../resources/lists';
import { keyless, partner } from './operation';

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

export const getEvent = partner('get-event', {
  method: 'GET',
  path: '/v1/events/{eventID}',
  operation: 'getEvent',
  scope: 'events:read',
  params: eventIdParams,
  query: noQuery,
  summary: 'One event',
  tag: 'Events',
  responses: { 200: { description: 'The event.', schema: eventSchema } },
  errors: [404],
});

export const getOpenApi = keyless('api', 'get-openapi', {
  method: 'GET',
  path: '/v1/openapi.json',
  operation: 'getOpenApi',
  summary: 'This OpenAPI 3.1 document',
  tag: 'Meta',
  responses: { 200: { description: 'The document.', schema: z.looseObject({ openapi: z.string() }) } },
});

export const eventRoutes = [listEvents, getEvent, getOpenApi];
