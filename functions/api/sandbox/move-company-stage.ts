import { apiOperation } from '../../../lib/http/operation';
import { sandboxMoveCompanyStage as contract } from '../../../lib/routes/sandbox-lifecycle/move-company-stage';
import { presentCompany } from '../../../lib/companies/expand-company';
import { moveStage } from '../../../lib/lifecycle/operations/move-stage';

/** POST /v1/sandbox/companies/{companyID}/stage: move the stage along the stage machine. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => {
    const { company } = await moveStage(caller.scope, params.companyID, body.stage);
    return { status: 200, body: await presentCompany(caller.scope, company) };
  },
});
