import { dashboardPage } from '../../lib/dashboard/http/operation';
import { keyIdParams, revokeKey } from '../../lib/dashboard/api-keys';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/keys/{keyID}/revoke */
export const handler = dashboardPage({
  params: keyIdParams,
  handle: async ({ auth, params }) => {
    await revokeKey(auth.session.partner_id, params.keyID);
    return seeOther('/dashboard/keys');
  },
});
