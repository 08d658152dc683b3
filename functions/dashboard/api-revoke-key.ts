import { dashboardApi } from '../../lib/dashboard/http/operation';
import { keyIdParams, revokeKey } from '../../lib/dashboard/api-keys';

/** POST /dashboard/api/keys/{keyID}/revoke: the key stops working at once. */
export const handler = dashboardApi({
  params: keyIdParams,
  handle: async ({ auth, params }) => ({ status: 200, body: await revokeKey(auth.session.partner_id, params.keyID) }),
});
