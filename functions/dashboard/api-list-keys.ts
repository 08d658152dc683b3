import { noQuery } from '../../lib/input';
import { dashboardApi } from '../../lib/dashboard/http/operation';
import { listKeys } from '../../lib/dashboard/api-keys';

/** GET /dashboard/api/keys: newest first, with `last_used_at`; never a secret. */
export const handler = dashboardApi({
  query: noQuery,
  handle: async ({ auth }) => ({ status: 200, body: { object: 'list', items: await listKeys(auth.session.partner_id) } }),
});
