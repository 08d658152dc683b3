import { staffParams } from '../../dashboard/staff';
import { dashboardPage } from '../core/operation';

export const dashboardClearStaffLockout = dashboardPage('page-clear-staff-lockout', {
  method: 'POST',
  path: '/dashboard/staff/{staffID}/clear-lockout',
  operation: 'dashboardClearStaffLockout',
  params: staffParams,
});
