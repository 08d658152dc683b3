import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiListSessions as contract } from '../../lib/routes/dashboard/api-list-sessions';
import { listOwnSessions } from '../../lib/dashboard/session';

/** GET /dashboard/api/sessions: the caller's own sessions, newest first, `current` marking this one. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth }) => ({ status: 200, body: await listOwnSessions(auth.session) }),
});
