import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardSignOutEverywhere as contract } from '../../lib/routes/dashboard/page-sign-out-everywhere';
import { clearCookie, SESSION_COOKIE } from '../../lib/http/dashboard/cookies';
import { signOutEverywhereAs } from '../../lib/dashboard/staff-changes';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/sessions/sign-out-everywhere: every session ends, this browser's too. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth }) => {
    await signOutEverywhereAs(auth);
    return seeOther('/dashboard/sign-in', { 'Set-Cookie': clearCookie(SESSION_COOKIE) });
  },
});
