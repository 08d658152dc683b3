import { sandboxTrigger } from '../../../lib/http/sandbox-trigger';
import { presentCompany } from '../../../lib/companies/expand-company';
import { companyParams } from '../../../lib/lifecycle/params';
import { dissolveCompany } from '../../../lib/lifecycle/operations/dissolve-company';

/** POST /v1/sandbox/companies/{companyID}/dissolve: the company is dissolved. */
export const handler = sandboxTrigger(companyParams, async (scope, params) => {
  const { company } = await dissolveCompany(scope, params.companyID);
  return presentCompany(scope, company);
});
