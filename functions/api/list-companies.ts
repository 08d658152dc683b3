import { apiOperation } from '../../lib/http/operation';
import { listCompanies as contract } from '../../lib/routes/companies/list-companies';
import { listCompanies } from '../../lib/companies/list-companies';
import { authorizeExpansions } from '../../lib/companies/params';

/** GET /v1/companies */
export const handler = apiOperation({
  ...contract,
  authorize: ({ caller, query }) => authorizeExpansions(caller.key.scopes, query['expand[]']),
  handle: async ({ caller, query }) => {
    return { status: 200, body: await listCompanies(caller.scope, query) };
  },
});
