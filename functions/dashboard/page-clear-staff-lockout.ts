import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardClearStaffLockout as contract } from '../../lib/routes/dashboard/page-clear-staff-lockout';
import { clearLockoutAs } from '../../lib/dashboard/staff-changes';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/staff/{staffID}/clear-lockout (owner, stepped up) */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    await clearLockoutAs(auth, params.staffID);
    return seeOther('/dashboard/staff');
  },
});
