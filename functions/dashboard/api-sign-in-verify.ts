import * as z from 'zod';
import { publicDashboardApi } from '../../lib/dashboard/http/operation';
import { verifySignIn } from '../../lib/dashboard/sign-in';
import { viewOfSession } from '../../lib/dashboard/session-view';

/** POST /dashboard/api/sign-in/verify `{email, code}` → 201 a session token for `Authorization: Bearer`. */
export const handler = publicDashboardApi({
  body: z.strictObject({ email: z.email().max(254), code: z.string().regex(/^\d{6}$/, { message: 'Not a six-digit code.' }) }),
  handle: async ({ body }) => {
    const { token, session } = await verifySignIn(body.email, body.code);
    return { status: 201, body: { ...viewOfSession(session), token } };
  },
});
