import { parseOrRefuse } from '../../lib/errors';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardCreateKey as contract } from '../../lib/routes/dashboard/page-create-key';
import { createKeyBody } from '../../lib/dashboard/api-keys';
import { createKeyAs } from '../../lib/dashboard/audited-changes';
import { keyFormToBody } from '../../lib/http/dashboard/forms';
import { keyCreatedPage } from '../../lib/dashboard/pages/keys';

/** POST /dashboard/keys: shows the new secret once. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, body: form }) => {
    const body = parseOrRefuse(createKeyBody, keyFormToBody(form ?? {}), 'form');
    return keyCreatedPage(auth.session, await createKeyAs(auth, body));
  },
});
