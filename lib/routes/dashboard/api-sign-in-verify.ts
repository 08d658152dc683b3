import { verifySignInBody } from '../../dashboard/schemas';
import { dashboardApi } from '../core/operation';

export const dashboardApiSignInVerify = dashboardApi('api-sign-in-verify', {
  method: 'POST',
  path: '/dashboard/api/sign-in/verify',
  operation: 'dashboardApiSignInVerify',
  signedOut: true,
  body: verifySignInBody,
});
