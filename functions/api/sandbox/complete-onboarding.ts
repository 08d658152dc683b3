import { apiOperation } from '../../../lib/http/api-operation';
import { noQuery } from '../../../lib/http/schemas';
import { presentCompany } from '../../../lib/companies/expand-company';
import { companyParams } from '../../../lib/lifecycle/params';
import { noBody } from '../../../lib/lifecycle/params';
import { completeOnboarding } from '../../../lib/lifecycle/operations/complete-onboarding';

/** POST /v1/sandbox/companies/{companyID}/complete-onboarding: a pre_existing company finished onboarding. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: noBody,
  handle: async ({ caller, params, body }) => {
    const { company } = await completeOnboarding(caller.scope, params.companyID);
    return { status: 200, body: await presentCompany(caller.scope, company) };
  },
});
