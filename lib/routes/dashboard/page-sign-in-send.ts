import { dashboardPage } from '../core/operation';

export const dashboardSignInSend = dashboardPage('page-sign-in-send', {
  method: 'POST',
  path: '/dashboard/sign-in',
  operation: 'dashboardSignInSend',
  signedOut: true,
});
