import { apiOperation } from '../../../lib/http/api-operation';
import { noQuery } from '../../../lib/input';
import { presentCompany } from '../../../lib/companies/expand-company';
import { companyParams } from '../../../lib/lifecycle/params';
import { identityUpdateInput, updateIdentity } from '../../../lib/lifecycle/operations/update-identity';

/** POST /v1/sandbox/companies/{companyID}/update: identity fields changed by the operator. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: identityUpdateInput,
  handle: async ({ caller, params, body }) => {
    const { company } = await updateIdentity(caller.scope, params.companyID, body);
    return { status: 200, body: await presentCompany(caller.scope, company) };
  },
});
