import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardSandboxClock as contract } from '../../lib/routes/sandbox-clock/page-sandbox-clock';
import { dashboardClockView } from '../../lib/sandbox-clock/dashboard-clock';
import { sandboxClockPage } from '../../lib/dashboard/pages/sandbox-clock';

/** GET /dashboard/sandbox-clock: the test clock, its progress while it advances, the form to advance it. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth }) => sandboxClockPage(auth.session, await dashboardClockView(auth.session.partner_id)),
});
