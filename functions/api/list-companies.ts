import { apiOperation } from '../../lib/http/api-operation';
import { listCompanies, listCompaniesQuery } from '../../lib/companies/list-companies';

/** GET /v1/companies */
export const handler = apiOperation({
  scope: 'companies:read',
  query: listCompaniesQuery,
  handle: async ({ caller, query }) => ({ status: 200, body: await listCompanies(caller.scope, query) }),
});
