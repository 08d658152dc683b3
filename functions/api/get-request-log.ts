import { apiOperation } from '../../lib/http/operation';
import { getRequestLog as contract } from '../../lib/routes/requests/get-request-log';
import { resourceMissing } from '../../lib/errors';
import { getRequestLog } from '../../lib/store/entities/request-log-entry';
import { renderRequestLog } from '../../lib/resources/request-log';

/** GET /v1/requests/{requestID} */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => {
    const record = await getRequestLog(caller.scope, params.requestID);
    if (!record) throw resourceMissing('request', params.requestID);
    return { status: 200, body: renderRequestLog(record) };
  },
});
