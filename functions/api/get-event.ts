import { apiOperation } from '../../lib/http/operation';
import { getEvent as contract } from '../../lib/routes/events/get-event';
import { getEvent } from '../../lib/events/listing/get-event';
import { tableName } from '../../lib/store/client';

/** GET /v1/events/{eventID} */
export const handler = apiOperation({
  ...contract,
  prefetch: (scope, params, batch) => getEvent(scope, tableName(), params.eventID, batch),
  handle: async ({ caller, params, prefetched }) => ({
    status: 200,
    body: await (prefetched ?? getEvent(caller.scope, tableName(), params.eventID)),
  }),
});
