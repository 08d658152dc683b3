import { mailGoesToOutbox } from '../../lib/email';
import { resourceMissing } from '../../lib/errors';
import { isLocalOutboxHost, listOutbox } from '../../lib/email/outbox';
import { header } from '../../lib/http/core/types';
import { signedOutPageOperation } from '../../lib/http/dashboard/signed-out-page-operation';
import { dashboardOutbox as contract } from '../../lib/routes/dashboard/page-outbox';
import { outboxPage } from '../../lib/dashboard/pages/outbox';

/**
 * GET /dashboard/outbox: the embedded default's e-mails (sign-in codes), to a request that names
 * 127.0.0.1 or localhost as its host (a DNS-rebinding guard); absent anywhere else.
 */
export const handler = signedOutPageOperation({
  ...contract,
  handle: async ({ event }) => {
    if (!mailGoesToOutbox() || !isLocalOutboxHost(header(event, 'host'))) throw resourceMissing('page');
    return { status: 200, text: outboxPage(listOutbox()) };
  },
});
