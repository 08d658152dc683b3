import { sandboxTrigger } from '../../../lib/http/sandbox-trigger';
import { sandboxDissolveCompany as contract } from '../../../lib/routes/sandbox-lifecycle/dissolve-company';
import { presentCompany } from '../../../lib/companies/expand-company';
import { dissolveCompany } from '../../../lib/lifecycle/operations/dissolve-company';

/** POST /v1/sandbox/companies/{companyID}/dissolve: the company is dissolved. */
export const handler = sandboxTrigger(contract, async (scope, params) => {
  const { company } = await dissolveCompany(scope, params.companyID);
  return presentCompany(scope, company);
});
