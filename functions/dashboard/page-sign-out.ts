import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardSignOut as contract } from '../../lib/routes/dashboard/page-sign-out';
import { clearCookie, SESSION_COOKIE } from '../../lib/http/dashboard/cookies';
import { endSession } from '../../lib/dashboard/session';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/sign-out: ends the session and forgets the cookie. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth }) => {
    await endSession(auth.token);
    return seeOther('/dashboard/sign-in', { 'Set-Cookie': clearCookie(SESSION_COOKIE) });
  },
});
