import { apiOperation } from '../../../lib/http/api-operation';
import { noBody, noQuery } from '../../../lib/http/schemas';
import { signerParams } from '../../../lib/lifecycle/params';
import { actAsSigner } from '../../../lib/requirements/signatures';
import { presentRequirement } from '../../../lib/requirements/open-requirement';

/** POST /v1/sandbox/requirements/{requirementID}/signers/{index}/view */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: signerParams,
  query: noQuery,
  body: noBody,
  handle: async ({ caller, params }) => ({ status: 200, body: presentRequirement(await actAsSigner(caller.scope, params.requirementID, params.index, 'view')) }),
});
