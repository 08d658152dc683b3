import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiClearStaffLockout as contract } from '../../lib/routes/dashboard/api-clear-staff-lockout';
import { clearLockoutAs } from '../../lib/dashboard/staff-changes';

/** POST /dashboard/api/staff/{staffID}/clear-lockout (owner, stepped up) → the member; their address may sign in again. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 200, body: await clearLockoutAs(auth, params.staffID) }),
});
