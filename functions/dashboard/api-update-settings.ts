import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardApiUpdateSettings as contract } from '../../lib/routes/dashboard';
import { updateSettings } from '../../lib/dashboard/settings';

/** POST /dashboard/api/settings `{api_version?, webhook_version?}`. */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth, body }) => ({ status: 200, body: await updateSettings(auth.session.partner_id, body) }),
});
