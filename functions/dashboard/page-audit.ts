import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardAudit as contract } from '../../lib/routes/dashboard/page-audit';
import { listAudit } from '../../lib/dashboard/audit';
import { auditPage } from '../../lib/dashboard/pages/staff';

/** GET /dashboard/audit (owner) */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, query }) => auditPage(auth.session, await listAudit(auth.session.partner_id, query)),
});
