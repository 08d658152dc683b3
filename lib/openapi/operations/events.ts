import * as z from 'zod';
import { noQuery } from '../../input';
import { pagedList } from '../../resources/lists';
import { eventSchema } from '../../resources/event';
import { listEventsQuery } from '../../events/listing/list-events-query';
import { eventIdParams } from '../../events/listing/event-id-params';
import type { OperationSpec } from './operation';

export const eventListSchema = pagedList('EventList', eventSchema, 'A page of the event log.');

export const eventOperations: OperationSpec[] = [
  {
    method: 'GET',
    path: '/v1/events',
    operationId: 'listEvents',
    summary: 'The event log, newest first, cursor-paged',
    description:
      'Filters AND together. Reconciliation: sweep with created_at[gte] a few minutes (five recommended) before the last sweep, sort=created_at, follow end_cursor via after until has_next_page is false, and process events idempotently by id.',
    tag: 'Events',
    scope: 'events:read',
    query: listEventsQuery,
    responses: { 200: { description: 'A page of events.', schema: eventListSchema } },
  },
  {
    method: 'GET',
    path: '/v1/events/{eventID}',
    operationId: 'getEvent',
    summary: 'One event',
    tag: 'Events',
    scope: 'events:read',
    params: eventIdParams,
    query: noQuery,
    responses: { 200: { description: 'The event.', schema: eventSchema } },
    errors: [404],
  },
  {
    method: 'GET',
    path: '/v1/openapi.json',
    operationId: 'getOpenApi',
    summary: 'This OpenAPI 3.1 document',
    tag: 'Meta',
    scope: 'public',
    responses: { 200: { description: 'The document.', schema: z.looseObject({ openapi: z.string() }) } },
  },
];
