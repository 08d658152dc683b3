import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiListAudit as contract } from '../../lib/routes/dashboard/api-list-audit';
import { listAudit } from '../../lib/dashboard/audit';

/** GET /dashboard/api/audit (owner): who changed keys, endpoints, settings and staff, newest first, paged. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, query }) => ({ status: 200, body: await listAudit(auth.session.partner_id, query) }),
});
