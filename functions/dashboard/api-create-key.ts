import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardApiCreateKey as contract } from '../../lib/routes/dashboard';
import { createKey } from '../../lib/dashboard/api-keys';

/** POST /dashboard/api/keys → 201 with `secret` (this response only). */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth, body }) => ({ status: 201, body: await createKey(auth.session.partner_id, body) }),
});
