import { dashboardApi } from '../../lib/dashboard/http/operation';
import { updateSettings, updateSettingsBody } from '../../lib/dashboard/settings';

/** POST /dashboard/api/settings `{api_version?, webhook_version?}`. */
export const handler = dashboardApi({
  body: updateSettingsBody,
  handle: async ({ auth, body }) => ({ status: 200, body: await updateSettings(auth.session.partner_id, body) }),
});
