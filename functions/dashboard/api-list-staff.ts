import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiListStaff as contract } from '../../lib/routes/dashboard/api-list-staff';
import { listStaff } from '../../lib/dashboard/staff';

/** GET /dashboard/api/staff (owner): the partner's staff, oldest first. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth }) => ({ status: 200, body: await listStaff(auth.session.partner_id) }),
});
