import { eventIdParams } from '../../events/listing/event-id-params';
import { noQuery } from '../../input/empty';
import { eventSchema } from '../../resources/event';
import { partner } from '../core/operation';

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
