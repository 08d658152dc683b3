import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiGetSandboxClock as contract } from '../../lib/routes/sandbox-clock/api-get-sandbox-clock';
import { dashboardClockView } from '../../lib/sandbox-clock/dashboard-clock';

/** GET /dashboard/api/sandbox-clock: the test clock (as GET /v1/sandbox/clock answers it). */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth }) => ({ status: 200, body: (await dashboardClockView(auth.session.partner_id)).clock }),
});
