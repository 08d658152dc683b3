import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardRevokeKey as contract } from '../../lib/routes/dashboard/page-revoke-key';
import { revokeKeyAs } from '../../lib/dashboard/audited-changes';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/keys/{keyID}/revoke */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    await revokeKeyAs(auth, params.keyID);
    return seeOther('/dashboard/keys');
  },
});
