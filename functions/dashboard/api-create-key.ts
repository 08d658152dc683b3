import { dashboardApi } from '../../lib/dashboard/http/operation';
import { createKey, createKeyBody } from '../../lib/dashboard/api-keys';

/** POST /dashboard/api/keys → 201 with `secret` (this response only). */
export const handler = dashboardApi({
  body: createKeyBody,
  handle: async ({ auth, body }) => ({ status: 201, body: await createKey(auth.session.partner_id, body) }),
});
