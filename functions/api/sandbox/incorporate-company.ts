import { apiOperation } from '../../../lib/http/operation';
import { sandboxIncorporateCompany as contract } from '../../../lib/routes/sandbox-lifecycle/incorporate-company';
import { presentCompany } from '../../../lib/companies/expand-company';
import { incorporateCompany } from '../../../lib/lifecycle/operations/incorporate-company';

/** POST /v1/sandbox/companies/{companyID}/incorporate: the state accepted the filing. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => {
    const { company } = await incorporateCompany(caller.scope, params.companyID, body);
    return { status: 200, body: await presentCompany(caller.scope, company) };
  },
});
