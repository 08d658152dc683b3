import { apiOperation } from '../../../lib/http/api-operation';
import { noQuery } from '../../../lib/input';
import { presentCompany } from '../../../lib/companies/expand-company';
import { companyParams } from '../../../lib/lifecycle/params';
import * as z from 'zod';
import { COMPANY_STAGES } from '../../../lib/lifecycle/company-stage';
import { moveStage } from '../../../lib/lifecycle/operations/move-stage';

/** POST /v1/sandbox/companies/{companyID}/stage: move the stage along the stage machine. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: z.strictObject({ stage: z.enum(COMPANY_STAGES) }),
  handle: async ({ caller, params, body }) => {
    const { company } = await moveStage(caller.scope, params.companyID, body.stage);
    return { status: 200, body: await presentCompany(caller.scope, company) };
  },
});
