import { apiOperation } from '../../lib/http/operation';
import { getRequirement as contract } from '../../lib/routes/lifecycle/get-requirement';
import { readRequirement } from '../../lib/requirements/read-requirements';

/** GET /v1/requirements/{requirementID} */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => ({ status: 200, body: await readRequirement(caller.scope, params.requirementID) }),
});
