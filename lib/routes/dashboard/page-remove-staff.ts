import { staffParams } from '../../dashboard/staff';
import { dashboardPage } from '../core/operation';

export const dashboardRemoveStaff = dashboardPage('page-remove-staff', {
  method: 'POST',
  path: '/dashboard/staff/{staffID}/remove',
  operation: 'dashboardRemoveStaff',
  params: staffParams,
});
