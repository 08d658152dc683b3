import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardOverview as contract } from '../../lib/routes/dashboard/page-overview';
import { getPartner } from '../../lib/partners/partner';
import { overviewOf } from '../../lib/dashboard/overview';
import { financeOverviewPage, overviewPage } from '../../lib/dashboard/pages/overview';
import { roleMayUse } from '../../lib/dashboard/roles';
import { dashboardClockView } from '../../lib/sandbox-clock/dashboard-clock';

/** GET /dashboard: the on-call's overview. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth }) => {
    const partnerId = auth.session.partner_id;
    // A role without keys and endpoints (finance) sees the overview of what it may see, nothing secret.
    if (!roleMayUse(auth.session.role, 'webhook-endpoints')) {
      const partner = await getPartner(partnerId);
      return financeOverviewPage(auth.session, partner?.name ?? partnerId);
    }
    const [partner, overview, clock] = await Promise.all([getPartner(partnerId), overviewOf(partnerId), dashboardClockView(partnerId)]);
    return overviewPage(auth.session, partner?.name ?? partnerId, overview, clock);
  },
});
