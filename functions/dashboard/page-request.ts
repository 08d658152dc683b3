import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardRequest as contract } from '../../lib/routes/dashboard/page-request';
import { dashboardRequestLog } from '../../lib/dashboard/requests';
import { requestPage } from '../../lib/dashboard/pages/requests';
import { keyNames } from '../../lib/dashboard/names';
import { resourceMissing } from '../../lib/errors';

/** GET /dashboard/requests/{requestID}: one logged request, in either mode. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    const found = await dashboardRequestLog(auth.session.partner_id, params.requestID);
    if (!found) throw resourceMissing('request', params.requestID);
    return requestPage(auth.session, found, await keyNames(auth.session.partner_id, [found.key_id]));
  },
});
