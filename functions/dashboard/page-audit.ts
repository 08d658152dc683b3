import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardAudit as contract } from '../../lib/routes/dashboard/page-audit';
import { listAudit } from '../../lib/dashboard/audit';
import { auditPage } from '../../lib/dashboard/pages/staff';

/** GET /dashboard/audit (owner): the log, with the filters it was asked for shown in its form. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, query }) => {
    const { limit: _limit, after: _after, before: _before, ...filters } = query;
    return auditPage(auth.session, await listAudit(auth.session.partner_id, query), filters);
  },
});
