import { sandboxTrigger } from '../../../lib/http/sandbox-trigger';
import { sandboxFlagNameConflict as contract } from '../../../lib/routes/sandbox-lifecycle/flag-name-conflict';
import { presentCompany } from '../../../lib/companies/expand-company';
import { flagNameConflict } from '../../../lib/lifecycle/operations/flag-name-conflict';

/** POST /v1/sandbox/companies/{companyID}/name-conflict: the state registry reports the name as taken. */
export const handler = sandboxTrigger(contract, async (scope, params) => {
  const { company } = await flagNameConflict(scope, params.companyID);
  return presentCompany(scope, company);
});
