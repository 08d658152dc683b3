import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiListKeys as contract } from '../../lib/routes/dashboard/api-list-keys';
import { listKeys } from '../../lib/dashboard/api-keys';

/** GET /dashboard/api/keys: newest first, with `last_used_at`; never a secret. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth }) => ({ status: 200, body: { object: 'list', items: await listKeys(auth.session.partner_id) } }),
});
