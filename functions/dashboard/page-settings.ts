import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardSettings as contract } from '../../lib/routes/dashboard/page-settings';
import { readSettings } from '../../lib/dashboard/settings';
import { settingsPage } from '../../lib/dashboard/pages/settings';

/** GET /dashboard/settings (`?saved=1` after a save). */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, event }) =>
    settingsPage(auth.session, await readSettings(auth.session.partner_id), event.queryStringParameters?.saved === '1'),
});
