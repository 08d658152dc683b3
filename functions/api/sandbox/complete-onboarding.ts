import { sandboxTrigger } from '../../../lib/http/sandbox-trigger';
import { sandboxCompleteOnboarding as contract } from '../../../lib/routes/sandbox-lifecycle/complete-onboarding';
import { presentCompany } from '../../../lib/companies/expand-company';
import { completeOnboarding } from '../../../lib/lifecycle/operations/complete-onboarding';

/** POST /v1/sandbox/companies/{companyID}/complete-onboarding: a pre_existing company finished onboarding. */
export const handler = sandboxTrigger(contract, async (scope, params) => {
  const { company } = await completeOnboarding(scope, params.companyID);
  return presentCompany(scope, company);
});
