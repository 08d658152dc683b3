import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardApiSignOut as contract } from '../../lib/routes/dashboard';
import { endSession } from '../../lib/dashboard/session';
import { viewOfSession } from '../../lib/dashboard/session-view';

/** POST /dashboard/api/sign-out: ends the session presented. */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth }) => {
    await endSession(auth.token);
    return { status: 200, body: { ...viewOfSession(auth.session), ended: true } };
  },
});
