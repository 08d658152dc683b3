import { mailGoesToOutbox } from '../../lib/email';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardStepUpSend as contract } from '../../lib/routes/dashboard/page-step-up-send';
import { safeNext } from '../../lib/http/dashboard/page-errors';
import { field } from '../../lib/http/dashboard/forms';
import { requestStepUp } from '../../lib/dashboard/step-up';
import { stepUpCodePage } from '../../lib/dashboard/pages/staff';

/** POST /dashboard/step-up: e-mails the code, shows the code form. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, body: form }) => {
    await requestStepUp(auth.session, auth.token);
    return stepUpCodePage(auth.session, safeNext(field(form, 'next')), mailGoesToOutbox());
  },
});
