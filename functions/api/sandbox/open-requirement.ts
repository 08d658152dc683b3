import { apiOperation } from '../../../lib/http/operation';
import { sandboxOpenRequirement as contract } from '../../../lib/routes/sandbox-lifecycle/open-requirement';
import { openRequirement, presentRequirement } from '../../../lib/lifecycle/operations/open-requirement';
import { toRequirementInput } from '../../../lib/requirements/sandbox-requirement-input';

/** POST /v1/sandbox/companies/{companyID}/requirements: open a requirement of any type. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => {
    const requirement = await openRequirement(caller.scope, toRequirementInput(params.companyID, body));
    return { status: 201, body: presentRequirement(requirement) };
  },
});
