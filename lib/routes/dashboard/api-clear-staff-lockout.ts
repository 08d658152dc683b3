import { noBody } from '../../input/empty';
import { staffParams } from '../../dashboard/staff';
import { dashboardApi } from '../core/operation';

export const dashboardApiClearStaffLockout = dashboardApi('api-clear-staff-lockout', {
  method: 'POST',
  path: '/dashboard/api/staff/{staffID}/clear-lockout',
  operation: 'dashboardApiClearStaffLockout',
  params: staffParams,
  body: noBody,
});
