import { apiOperation } from '../../../lib/http/operation';
import { sandboxAssignEin as contract } from '../../../lib/routes/sandbox-lifecycle/assign-ein';
import { presentCompany } from '../../../lib/companies/expand-company';
import { assignEin } from '../../../lib/lifecycle/operations/assign-ein';

/** POST /v1/sandbox/companies/{companyID}/assign-ein: the IRS issued the EIN. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => {
    const { company } = await assignEin(caller.scope, params.companyID, body);
    return { status: 200, body: await presentCompany(caller.scope, company) };
  },
});
