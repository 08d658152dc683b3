import { apiOperation } from '../../lib/http/operation';
import { listRequestLogs as contract } from '../../lib/routes/requests/list-request-logs';
import { listRequestLogs } from '../../lib/request-log/list';

/** GET /v1/requests */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, query }) => ({ status: 200, body: await listRequestLogs(caller.scope, query) }),
});
