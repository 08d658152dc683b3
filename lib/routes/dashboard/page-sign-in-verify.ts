import { dashboardPage } from '../core/operation';

export const dashboardSignInVerify = dashboardPage('page-sign-in-verify', {
  method: 'POST',
  path: '/dashboard/sign-in/verify',
  operation: 'dashboardSignInVerify',
  signedOut: true,
});
