import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardSettings as contract } from '../../lib/routes/dashboard';
import { readSettings } from '../../lib/dashboard/settings';
import { settingsPage } from '../../lib/dashboard/pages/settings';

/** GET /dashboard/settings (`?saved=1` after a save). */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth, event }) => settingsPage(auth.session, await readSettings(auth.session.partner_id), event.queryStringParameters?.saved === '1'),
});
