import { dashboardPage } from '../../lib/dashboard/http/operation';
import { listKeys } from '../../lib/dashboard/api-keys';
import { keysPage } from '../../lib/dashboard/pages/keys';

/** GET /dashboard/keys */
export const handler = dashboardPage({
  handle: async ({ auth }) => keysPage(auth.session, await listKeys(auth.session.partner_id)),
});
