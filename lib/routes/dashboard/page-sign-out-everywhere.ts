import { dashboardPage } from '../core/operation';

export const dashboardSignOutEverywhere = dashboardPage('page-sign-out-everywhere', {
  method: 'POST',
  path: '/dashboard/sessions/sign-out-everywhere',
  operation: 'dashboardSignOutEverywhere',
});
