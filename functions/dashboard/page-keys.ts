import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardKeys as contract } from '../../lib/routes/dashboard/page-keys';
import { listKeys } from '../../lib/dashboard/api-keys';
import { keysPage } from '../../lib/dashboard/pages/keys';

/** GET /dashboard/keys */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth }) => keysPage(auth.session, await listKeys(auth.session.partner_id)),
});
