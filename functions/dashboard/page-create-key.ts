import { ApiError, parseOrRefuse } from '../../lib/errors';
import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardCreateKey as contract } from '../../lib/routes/dashboard/page-create-key';
import { createKeyBody, listKeys } from '../../lib/dashboard/api-keys';
import { createKeyAs } from '../../lib/dashboard/audited-changes';
import { keyFormToBody } from '../../lib/http/dashboard/forms';
import { keyCreatedPage, keysPage } from '../../lib/dashboard/pages/keys';
import { formStateOf } from '../../lib/dashboard/pages/form-state';

/** POST /dashboard/keys: shows the new secret once; a refused form shows the keys page again, as typed, each refusal beside its field. */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, body: form }) => {
    try {
      const body = parseOrRefuse(createKeyBody, keyFormToBody(form ?? {}), 'form');
      return keyCreatedPage(auth.session, await createKeyAs(auth, body));
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'invalid_request') throw error;
      return keysPage(auth.session, await listKeys(auth.session.partner_id), formStateOf(error, form), error.status);
    }
  },
});
