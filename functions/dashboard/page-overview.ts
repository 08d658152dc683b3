import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardOverview as contract } from '../../lib/routes/dashboard/page-overview';
import { getPartner } from '../../lib/partners/partner';
import { overviewOf } from '../../lib/dashboard/overview';
import { overviewPage } from '../../lib/dashboard/pages/overview';
import { dashboardClockView } from '../../lib/sandbox-clock/dashboard-clock';

/** GET /dashboard: the on-call's overview. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth }) => {
    const partnerId = auth.session.partner_id;
    const [partner, overview, clock] = await Promise.all([getPartner(partnerId), overviewOf(partnerId), dashboardClockView(partnerId)]);
    return overviewPage(auth.session, partner?.name ?? partnerId, overview, clock);
  },
});
