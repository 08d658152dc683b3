import * as z from 'zod';
import { publicDashboardApi } from '../../lib/dashboard/http/operation';
import { startSignIn } from '../../lib/dashboard/sign-in';

/** POST /dashboard/api/sign-in `{email}`: e-mails a one-time code (the same answer for any address). */
export const handler = publicDashboardApi({
  body: z.strictObject({ email: z.email().max(254) }),
  handle: async ({ body }) => ({ status: 202, body: { object: 'sign_in', ...(await startSignIn(body.email)) } }),
});
