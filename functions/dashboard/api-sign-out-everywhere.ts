import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiSignOutEverywhere as contract } from '../../lib/routes/dashboard/api-sign-out-everywhere';
import { signOutEverywhereAs } from '../../lib/dashboard/staff-changes';

/** POST /dashboard/api/sessions/sign-out-everywhere: every session of the caller ends, this one included. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth }) => ({ status: 200, body: await signOutEverywhereAs(auth) }),
});
