import { parseOrRefuse } from '../../lib/errors';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardUpdateSettings as contract } from '../../lib/routes/dashboard/page-update-settings';
import { updateSettingsBody } from '../../lib/dashboard/settings';
import { updateSettingsAs } from '../../lib/dashboard/audited-changes';
import { settingsFormToBody } from '../../lib/http/dashboard/forms';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/settings */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, body: form }) => {
    await updateSettingsAs(auth, parseOrRefuse(updateSettingsBody, settingsFormToBody(form ?? {}), 'form'));
    return seeOther('/dashboard/settings?saved=1');
  },
});
