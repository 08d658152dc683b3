import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiRemoveStaff as contract } from '../../lib/routes/dashboard/api-remove-staff';
import { removeStaffAs } from '../../lib/dashboard/staff-changes';

/** POST /dashboard/api/staff/{staffID}/remove (owner, stepped up) → the member with `removed_at`; their sessions end. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 200, body: await removeStaffAs(auth, params.staffID) }),
});
