import { dashboardPage } from '../core/operation';

export const dashboardSettings = dashboardPage('page-settings', {
  method: 'GET',
  path: '/dashboard/settings',
  operation: 'dashboardSettings',
});
