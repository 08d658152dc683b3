import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardApiListKeys as contract } from '../../lib/routes/dashboard';
import { listKeys } from '../../lib/dashboard/api-keys';

/** GET /dashboard/api/keys: newest first, with `last_used_at`; never a secret. */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth }) => ({ status: 200, body: { object: 'list', items: await listKeys(auth.session.partner_id) } }),
});
