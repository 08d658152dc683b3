import { dashboardPage } from '../core/operation';

export const dashboardSignOut = dashboardPage('page-sign-out', {
  method: 'POST',
  path: '/dashboard/sign-out',
  operation: 'dashboardSignOut',
});
