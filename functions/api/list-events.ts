import { apiOperation } from '../../lib/http/operation';
import { listEvents as contract } from '../../lib/routes/events/list-events';
import { listEvents } from '../../lib/events/listing/list-events';
import { tableName } from '../../lib/store/client';

/** GET /v1/events */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, query }) => ({ status: 200, body: await listEvents(caller.scope, tableName(), query) }),
});
