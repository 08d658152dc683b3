import { mailGoesToOutbox } from '../../lib/email';
import { resourceMissing } from '../../lib/errors';
import { listOutbox } from '../../lib/email/outbox';
import { signedOutPageOperation } from '../../lib/http/dashboard/signed-out-page-operation';
import { dashboardOutbox as contract } from '../../lib/routes/dashboard/page-outbox';
import { outboxPage } from '../../lib/dashboard/pages/outbox';

/** GET /dashboard/outbox: the embedded default's e-mails (sign-in codes); absent anywhere else. */
export const handler = signedOutPageOperation({
  ...contract,
  handle: async () => {
    if (!mailGoesToOutbox()) throw resourceMissing('page');
    return { status: 200, text: outboxPage(listOutbox()) };
  },
});
