import { signInBody } from '../../dashboard/schemas';
import { dashboardApi } from '../core/operation';

export const dashboardApiSignIn = dashboardApi('api-sign-in', {
  method: 'POST',
  path: '/dashboard/api/sign-in',
  operation: 'dashboardApiSignIn',
  signedOut: true,
  body: signInBody,
});
