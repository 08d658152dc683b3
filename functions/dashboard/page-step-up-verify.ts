import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardStepUpVerify as contract } from '../../lib/routes/dashboard/page-step-up-verify';
import { safeNext } from '../../lib/http/dashboard/page-errors';
import { field } from '../../lib/http/dashboard/forms';
import { verifyStepUp } from '../../lib/dashboard/step-up';
import { seeOther } from '../../lib/dashboard/pages/layout';

/** POST /dashboard/step-up/verify: the right code steps the session up, then back to the page that needed it. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, body: form }) => {
    await verifyStepUp(auth.session, auth.token, field(form, 'code') ?? '', auth.ip);
    return seeOther(safeNext(field(form, 'next')) ?? '/dashboard');
  },
});
