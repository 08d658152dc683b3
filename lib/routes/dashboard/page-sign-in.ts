import { dashboardPage } from '../core/operation';

export const dashboardSignInPage = dashboardPage('page-sign-in', {
  method: 'GET',
  path: '/dashboard/sign-in',
  operation: 'dashboardSignInPage',
  signedOut: true,
});
