import { parseOrRefuse } from '../../lib/errors';
import { dashboardPage } from '../../lib/dashboard/http/operation';
import { updateSettings, updateSettingsBody } from '../../lib/dashboard/settings';
import { settingsFormToBody } from '../../lib/dashboard/http/forms';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/settings */
export const handler = dashboardPage({
  handle: async ({ auth, body: form }) => {
    await updateSettings(auth.session.partner_id, parseOrRefuse(updateSettingsBody, settingsFormToBody(form ?? {}), 'form'));
    return seeOther('/dashboard/settings?saved=1');
  },
});
