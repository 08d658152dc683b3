import { apiOperation } from '../../lib/http/api-operation';
import { listEventsQuery } from '../../lib/events/listing/list-events-query';
import { listEvents } from '../../lib/events/listing/list-events';
import { tableName } from '../../lib/store/client';

/** GET /v1/events */
export const handler = apiOperation({
  scope: 'events:read',
  query: listEventsQuery,
  handle: async ({ caller, query }) => ({ status: 200, body: await listEvents(caller.scope, tableName(), query) }),
});
