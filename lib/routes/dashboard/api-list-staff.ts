import { dashboardApi } from '../core/operation';

export const dashboardApiListStaff = dashboardApi('api-list-staff', {
  method: 'GET',
  path: '/dashboard/api/staff',
  operation: 'dashboardApiListStaff',
});
