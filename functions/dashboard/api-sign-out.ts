import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiSignOut as contract } from '../../lib/routes/dashboard/api-sign-out';
import { endSession } from '../../lib/dashboard/session';
import { viewOfSession } from '../../lib/dashboard/session-view';

/** POST /dashboard/api/sign-out: ends the session presented. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth }) => {
    await endSession(auth.token);
    return { status: 200, body: { ...viewOfSession(auth.session), ended: true } };
  },
});
