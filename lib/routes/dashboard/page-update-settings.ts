import { dashboardPage } from '../core/operation';

export const dashboardUpdateSettings = dashboardPage('page-update-settings', {
  method: 'POST',
  path: '/dashboard/settings',
  operation: 'dashboardUpdateSettings',
});
