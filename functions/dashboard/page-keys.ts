import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardKeys as contract } from '../../lib/routes/dashboard';
import { listKeys } from '../../lib/dashboard/api-keys';
import { keysPage } from '../../lib/dashboard/pages/keys';

/** GET /dashboard/keys */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth }) => keysPage(auth.session, await listKeys(auth.session.partner_id)),
});
