import { sandboxTrigger } from '../../../lib/http/sandbox-trigger';
import { sandboxVerifyCompany as contract } from '../../../lib/routes/sandbox-lifecycle/verify-company';
import { presentCompany } from '../../../lib/companies/expand-company';
import { verifyOwners } from '../../../lib/lifecycle/operations/verify-owners';

/** POST /v1/sandbox/companies/{companyID}/verify: every owner's identity document in. */
export const handler = sandboxTrigger(contract, async (scope, params) =>
  presentCompany(scope, (await verifyOwners(scope, params.companyID)).company),
);
