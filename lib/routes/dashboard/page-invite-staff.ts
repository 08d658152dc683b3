import { dashboardPage } from '../core/operation';

export const dashboardInviteStaff = dashboardPage('page-invite-staff', {
  method: 'POST',
  path: '/dashboard/staff',
  operation: 'dashboardInviteStaff',
});
