import { parseOrRefuse } from '../../lib/errors';
import { dashboardOperation } from '../../lib/http/dashboard/operation';
import { dashboardCreateKey as contract } from '../../lib/routes/dashboard';
import { createKey, createKeyBody } from '../../lib/dashboard/api-keys';
import { keyFormToBody } from '../../lib/http/dashboard/forms';
import { keyCreatedPage } from '../../lib/dashboard/pages/keys';

/** POST /dashboard/keys: shows the new secret once. */
export const handler = dashboardOperation({
  ...contract,
  handle: async ({ auth, body: form }) => {
    const body = parseOrRefuse(createKeyBody, keyFormToBody(form ?? {}), 'form');
    return keyCreatedPage(auth.session, await createKey(auth.session.partner_id, body));
  },
});
