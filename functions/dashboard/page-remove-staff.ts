import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardRemoveStaff as contract } from '../../lib/routes/dashboard/page-remove-staff';
import { removeStaffAs } from '../../lib/dashboard/staff-changes';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/staff/{staffID}/remove (owner, stepped up) */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    await removeStaffAs(auth, params.staffID);
    return seeOther('/dashboard/staff');
  },
});
