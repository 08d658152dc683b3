import { inviteStaffBody } from '../../dashboard/staff';
import { dashboardApi } from '../core/operation';

export const dashboardApiInviteStaff = dashboardApi('api-invite-staff', {
  method: 'POST',
  path: '/dashboard/api/staff',
  operation: 'dashboardApiInviteStaff',
  body: inviteStaffBody,
});
