import { mailGoesToOutbox } from '../../lib/email';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardStepUpPage as contract } from '../../lib/routes/dashboard/page-step-up';
import { safeNext } from '../../lib/http/dashboard/page-errors';
import { stepUpPage } from '../../lib/dashboard/pages/staff';

/** GET /dashboard/step-up?next=…: asks for a fresh code. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, query }) => ({ status: 200, text: stepUpPage(auth.session, safeNext(query.next), mailGoesToOutbox()).text }),
});
