import { apiOperation } from '../../lib/http/operation';
import { getRequirement as contract } from '../../lib/routes/lifecycle/get-requirement';
import { readRequirement } from '../../lib/requirements/read-requirements';

/** GET /v1/requirements/{requirementID} */
export const handler = apiOperation({
  ...contract,
  prefetch: (scope, params) => readRequirement(scope, params.requirementID),
  handle: async ({ caller, params, prefetched }) => ({
    status: 200,
    body: await (prefetched ?? readRequirement(caller.scope, params.requirementID)),
  }),
});
