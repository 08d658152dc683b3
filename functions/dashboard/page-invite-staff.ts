import { parseOrRefuse } from '../../lib/errors';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardInviteStaff as contract } from '../../lib/routes/dashboard/page-invite-staff';
import { field } from '../../lib/http/dashboard/forms';
import { inviteStaffBody } from '../../lib/dashboard/staff';
import { inviteStaffAs } from '../../lib/dashboard/staff-changes';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/staff (owner, stepped up): invites, then back to the list. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, body: form }) => {
    const body = parseOrRefuse(inviteStaffBody, { email: field(form, 'email') ?? '', role: field(form, 'role') ?? '' }, 'form');
    await inviteStaffAs(auth, body);
    return seeOther('/dashboard/staff');
  },
});
