import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiUpdateSettings as contract } from '../../lib/routes/dashboard/api-update-settings';
import { updateSettings } from '../../lib/dashboard/settings';

/** POST /dashboard/api/settings `{api_version?, webhook_version?}`. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, body }) => ({ status: 200, body: await updateSettings(auth.session.partner_id, body) }),
});
