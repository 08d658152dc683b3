import { sandboxTrigger } from '../../../lib/http/sandbox-trigger';
import { sandboxSignerDecline as contract } from '../../../lib/routes/sandbox-lifecycle/signer-decline';
import { actAsSigner } from '../../../lib/requirements/signatures';
import { presentRequirement } from '../../../lib/lifecycle/operations/open-requirement';

/** POST /v1/sandbox/requirements/{requirementID}/signers/{index}/decline */
export const handler = sandboxTrigger(contract, async (scope, params) =>
  presentRequirement(await actAsSigner(scope, params.requirementID, params.index, 'decline')),
);
