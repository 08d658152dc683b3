import { sandboxTrigger } from '../../../lib/http/sandbox-trigger';
import { presentCompany } from '../../../lib/companies/expand-company';
import { companyParams } from '../../../lib/lifecycle/params';
import { flagNameConflict } from '../../../lib/lifecycle/operations/flag-name-conflict';

/** POST /v1/sandbox/companies/{companyID}/name-conflict: the state registry reports the name as taken. */
export const handler = sandboxTrigger(companyParams, async (scope, params) => {
  const { company } = await flagNameConflict(scope, params.companyID);
  return presentCompany(scope, company);
});
