import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { eventIdParams } from '../../lib/events/listing/event-id-params';
import { getEvent } from '../../lib/events/listing/get-event';
import { tableName } from '../../lib/store/client';

/** GET /v1/events/{eventID} */
export const handler = apiOperation({
  scope: 'events:read',
  params: eventIdParams,
  query: noQuery,
  handle: async ({ caller, params }) => ({ status: 200, body: await getEvent(caller.scope, tableName(), params.eventID) }),
});
