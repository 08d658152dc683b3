import { parseOrRefuse } from '../../lib/errors';
import { dashboardPage } from '../../lib/dashboard/http/operation';
import { createKey, createKeyBody } from '../../lib/dashboard/api-keys';
import { keyFormToBody } from '../../lib/dashboard/http/forms';
import { keyCreatedPage } from '../../lib/dashboard/pages/keys';

/** POST /dashboard/keys: shows the new secret once. */
export const handler = dashboardPage({
  handle: async ({ auth, body: form }) => {
    const body = parseOrRefuse(createKeyBody, keyFormToBody(form ?? {}), 'form');
    return keyCreatedPage(auth.session, await createKey(auth.session.partner_id, body));
  },
});
