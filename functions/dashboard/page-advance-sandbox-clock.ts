import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardAdvanceSandboxClock as contract } from '../../lib/routes/sandbox-clock/page-advance-sandbox-clock';
import { advanceClockAs } from '../../lib/sandbox-clock/dashboard-clock';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/sandbox-clock/advance: the form's advance, then the clock's page (which shows its progress). */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, body: form }) => {
    await advanceClockAs(auth, String(form?.to ?? ''));
    return seeOther('/dashboard/sandbox-clock');
  },
});
