import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiInviteStaff as contract } from '../../lib/routes/dashboard/api-invite-staff';
import { inviteStaffAs } from '../../lib/dashboard/staff-changes';

/** POST /dashboard/api/staff `{email, role}` (owner, stepped up) → 201 the new member. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, body }) => ({ status: 201, body: await inviteStaffAs(auth, body) }),
});
