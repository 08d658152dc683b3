import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiUpdateSettings as contract } from '../../lib/routes/dashboard/api-update-settings';
import { updateSettingsAs } from '../../lib/dashboard/audited-changes';

/** POST /dashboard/api/settings `{api_version?, webhook_version?}`. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, body }) => ({ status: 200, body: await updateSettingsAs(auth, body) }),
});
