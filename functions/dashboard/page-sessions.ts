import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardSessions as contract } from '../../lib/routes/dashboard/page-sessions';
import { listOwnSessions } from '../../lib/dashboard/session';
import { sessionsPage } from '../../lib/dashboard/pages/staff';

/** GET /dashboard/sessions: one's own sessions. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth }) => sessionsPage(auth.session, await listOwnSessions(auth.session)),
});
