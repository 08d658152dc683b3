import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { requirementParams } from '../../lib/lifecycle/params';
import { readRequirement } from '../../lib/requirements/read-requirements';

/** GET /v1/requirements/{requirementID} */
export const handler = apiOperation({
  scope: 'requirements:read',
  params: requirementParams,
  query: noQuery,
  handle: async ({ caller, params }) => ({ status: 200, body: await readRequirement(caller.scope, params.requirementID) }),
});
