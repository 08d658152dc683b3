import { noQuery } from '../../lib/input';
import { dashboardApi } from '../../lib/dashboard/http/operation';
import { readSettings } from '../../lib/dashboard/settings';

/** GET /dashboard/api/settings: `{api_version, webhook_version, available_versions}`. */
export const handler = dashboardApi({
  query: noQuery,
  handle: async ({ auth }) => ({ status: 200, body: await readSettings(auth.session.partner_id) }),
});
