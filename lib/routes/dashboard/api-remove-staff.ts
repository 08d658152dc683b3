import { noBody } from '../../input/empty';
import { staffParams } from '../../dashboard/staff';
import { dashboardApi } from '../core/operation';

export const dashboardApiRemoveStaff = dashboardApi('api-remove-staff', {
  method: 'POST',
  path: '/dashboard/api/staff/{staffID}/remove',
  operation: 'dashboardApiRemoveStaff',
  params: staffParams,
  body: noBody,
});
