import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiStepUpVerify as contract } from '../../lib/routes/dashboard/api-step-up-verify';
import { verifyStepUp } from '../../lib/dashboard/step-up';
import { viewOfSession } from '../../lib/dashboard/session-view';

/** POST /dashboard/api/step-up/verify `{code}` → the session, stepped up for 10 minutes (`stepped_up_until`). */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, body }) => ({
    status: 200,
    body: viewOfSession(await verifyStepUp(auth.session, auth.token, body.code, auth.ip)),
  }),
});
