import { sandboxTrigger } from '../../../lib/http/sandbox-trigger';
import { presentCompany } from '../../../lib/companies/expand-company';
import { companyParams } from '../../../lib/lifecycle/params';
import { verifyOwners } from '../../../lib/lifecycle/operations/verify-owners';

/** POST /v1/sandbox/companies/{companyID}/verify: every owner's identity document in. */
export const handler = sandboxTrigger(companyParams, async (scope, params) => presentCompany(scope, (await verifyOwners(scope, params.companyID)).company));
