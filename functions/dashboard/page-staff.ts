import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardStaff as contract } from '../../lib/routes/dashboard/page-staff';
import { listStaff } from '../../lib/dashboard/staff';
import { staffPage } from '../../lib/dashboard/pages/staff';

/** GET /dashboard/staff (owner) */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth }) => staffPage(auth.session, await listStaff(auth.session.partner_id)),
});
