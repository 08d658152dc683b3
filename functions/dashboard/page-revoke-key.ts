import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardRevokeKey as contract } from '../../lib/routes/dashboard/page-revoke-key';
import { revokeKey } from '../../lib/dashboard/api-keys';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/keys/{keyID}/revoke */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    await revokeKey(auth.session.partner_id, params.keyID);
    return seeOther('/dashboard/keys');
  },
});
