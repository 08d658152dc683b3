import { dashboardPage } from '../core/operation';

export const dashboardStaff = dashboardPage('page-staff', {
  method: 'GET',
  path: '/dashboard/staff',
  operation: 'dashboardStaff',
});
