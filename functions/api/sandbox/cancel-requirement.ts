import { apiOperation } from '../../../lib/http/operation';
import { sandboxCancelRequirement as contract } from '../../../lib/routes/sandbox-lifecycle/cancel-requirement';
import { withdrawRequirement } from '../../../lib/lifecycle/operations/withdraw-requirement';
import { presentRequirement } from '../../../lib/lifecycle/operations/open-requirement';

/** POST /v1/sandbox/requirements/{requirementID}/cancel: the ask is withdrawn, `cancel_reason` says why. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => ({
    status: 200,
    body: presentRequirement(await withdrawRequirement(caller.scope, params.requirementID, body.reason)),
  }),
});
