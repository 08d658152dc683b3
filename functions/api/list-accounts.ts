import { apiOperation } from '../../lib/http/operation';
import { listAccounts as contract } from '../../lib/routes/companies/list-accounts';
import { listAccounts } from '../../lib/accounts/list-accounts';

/** GET /v1/accounts */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, query }) => ({ status: 200, body: await listAccounts(caller.scope, query) }),
});
