import { apiOperation } from '../../lib/http/operation';
import { fulfillRequirement as contract } from '../../lib/routes/lifecycle/fulfill-requirement';
import { fulfillRequirement } from '../../lib/lifecycle/operations/fulfill-requirement';
import { presentRequirement } from '../../lib/lifecycle/operations/open-requirement';

/** POST /v1/requirements/{requirementID}/fulfill: `{name}`, `{answers}` or `{file}` by type. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => ({
    status: 200,
    body: presentRequirement(await fulfillRequirement(caller.scope, params.requirementID, body)),
  }),
});
