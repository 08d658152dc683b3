import { apiOperation } from '../../../lib/http/operation';
import { sandboxUpdateCompanyIdentity as contract } from '../../../lib/routes/sandbox-lifecycle/update-company-identity';
import { presentCompany } from '../../../lib/companies/expand-company';
import { updateIdentity } from '../../../lib/lifecycle/operations/update-identity';

/** POST /v1/sandbox/companies/{companyID}/update: identity fields changed by the operator. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => {
    const { company } = await updateIdentity(caller.scope, params.companyID, body);
    return { status: 200, body: await presentCompany(caller.scope, company) };
  },
});
