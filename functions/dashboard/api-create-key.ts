import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiCreateKey as contract } from '../../lib/routes/dashboard/api-create-key';
import { createKeyAs } from '../../lib/dashboard/audited-changes';

/** POST /dashboard/api/keys → 201 with `secret` (this response only). */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, body }) => ({ status: 201, body: await createKeyAs(auth, body) }),
});
