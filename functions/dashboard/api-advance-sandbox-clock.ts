import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiAdvanceSandboxClock as contract } from '../../lib/routes/sandbox-clock/api-advance-sandbox-clock';
import { advanceClockAs } from '../../lib/sandbox-clock/dashboard-clock';

/** POST /dashboard/api/sandbox-clock/advance `{to}` → 202, the clock advancing (as POST /v1/sandbox/clock/advance). */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, body }) => ({ status: 202, body: await advanceClockAs(auth, body.to) }),
});
