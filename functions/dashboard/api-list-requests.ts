import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiListRequests as contract } from '../../lib/routes/dashboard/api-list-requests';
import { dashboardRequestLogs } from '../../lib/dashboard/requests';

/** GET /dashboard/api/requests: the request log of both modes, newest first; `livemode` pages one. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, query }) => ({ status: 200, body: await dashboardRequestLogs(auth.session.partner_id, query) }),
});
