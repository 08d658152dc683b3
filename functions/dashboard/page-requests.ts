import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardRequests as contract } from '../../lib/routes/dashboard/page-requests';
import { dashboardRequestLogs } from '../../lib/dashboard/requests';
import { requestsPage } from '../../lib/dashboard/pages/requests';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** GET /dashboard/requests */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, query }) => {
    const { request_id, ...filters } = query;
    if (request_id !== undefined) return seeOther(`/dashboard/requests/${request_id}`);
    const list = await dashboardRequestLogs(auth.session.partner_id, filters);
    return requestsPage(auth.session, list.items, filters, list.page);
  },
});
