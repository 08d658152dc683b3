import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { requirementParams } from '../../lib/lifecycle/params';
import { fulfillBody, fulfillRequirement } from '../../lib/lifecycle/operations/fulfill-requirement';
import { presentRequirement } from '../../lib/lifecycle/operations/open-requirement';

/** POST /v1/requirements/{requirementID}/fulfill: `{name}`, `{answers}` or `{file}` by type. */
export const handler = apiOperation({
  scope: 'requirements:write',
  idempotent: true,
  params: requirementParams,
  query: noQuery,
  body: fulfillBody,
  handle: async ({ caller, params, body }) => ({ status: 200, body: presentRequirement(await fulfillRequirement(caller.scope, params.requirementID, body)) }),
});
