import { dashboardPage } from '../../lib/dashboard/http/operation';
import { clearCookie, SESSION_COOKIE } from '../../lib/dashboard/http/cookies';
import { endSession } from '../../lib/dashboard/session';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/sign-out: ends the session and forgets the cookie. */
export const handler = dashboardPage({
  handle: async ({ auth }) => {
    await endSession(auth.token);
    return seeOther('/dashboard/sign-in', { 'Set-Cookie': clearCookie(SESSION_COOKIE) });
  },
});
