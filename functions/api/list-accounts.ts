import { apiOperation } from '../../lib/http/api-operation';
import { listAccounts, listAccountsQuery } from '../../lib/accounts/list-accounts';

/** GET /v1/accounts */
export const handler = apiOperation({
  scope: 'accounts:read',
  query: listAccountsQuery,
  handle: async ({ caller, query }) => ({ status: 200, body: await listAccounts(caller.scope, query) }),
});
