import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiRevokeKey as contract } from '../../lib/routes/dashboard/api-revoke-key';
import { revokeKeyAs } from '../../lib/dashboard/audited-changes';

/** POST /dashboard/api/keys/{keyID}/revoke: the key stops working at once. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => ({ status: 200, body: await revokeKeyAs(auth, params.keyID) }),
});
