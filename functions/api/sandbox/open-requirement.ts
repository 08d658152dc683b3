import { apiOperation } from '../../../lib/http/api-operation';
import { noQuery } from '../../../lib/input';
import { companyParams } from '../../../lib/lifecycle/params';
import { openRequirement, presentRequirement } from '../../../lib/lifecycle/operations/open-requirement';
import { sandboxRequirementBody, toRequirementInput } from '../../../lib/requirements/sandbox-requirement-input';

/** POST /v1/sandbox/companies/{companyID}/requirements: open a requirement of any type. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: sandboxRequirementBody,
  handle: async ({ caller, params, body }) => {
    const requirement = await openRequirement(caller.scope, toRequirementInput(params.companyID, body));
    return { status: 201, body: presentRequirement(requirement) };
  },
});
