import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiGetSettings as contract } from '../../lib/routes/dashboard/api-get-settings';
import { readSettings } from '../../lib/dashboard/settings';

/** GET /dashboard/api/settings: `{api_version, webhook_version, available_versions}`. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth }) => ({ status: 200, body: await readSettings(auth.session.partner_id) }),
});
