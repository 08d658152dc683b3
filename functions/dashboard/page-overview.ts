import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardOverview as contract } from '../../lib/routes/dashboard/page-overview';
import { getPartner } from '../../lib/partners/partner';
import { listKeys } from '../../lib/dashboard/api-keys';
import { listWebhookEndpoints } from '../../lib/dashboard/webhook-endpoints';
import { overviewPage } from '../../lib/dashboard/pages/overview';

/** GET /dashboard */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth }) => {
    const partnerId = auth.session.partner_id;
    const [partner, keys, endpoints] = await Promise.all([getPartner(partnerId), listKeys(partnerId), listWebhookEndpoints(partnerId)]);
    return overviewPage(auth.session, partner?.name ?? partnerId, {
      keys: keys.filter((k) => !k.revoked_at).length,
      endpoints: endpoints.length,
    });
  },
});
