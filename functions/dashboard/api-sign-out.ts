import { dashboardApi } from '../../lib/dashboard/http/operation';
import { endSession } from '../../lib/dashboard/session';
import { viewOfSession } from '../../lib/dashboard/session-view';

/** POST /dashboard/api/sign-out: ends the session presented. */
export const handler = dashboardApi({
  handle: async ({ auth }) => {
    await endSession(auth.token);
    return { status: 200, body: { ...viewOfSession(auth.session), ended: true } };
  },
});
