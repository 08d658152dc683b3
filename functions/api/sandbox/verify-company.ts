import { apiOperation } from '../../../lib/http/api-operation';
import { noBody, noQuery } from '../../../lib/http/schemas';
import { presentCompany } from '../../../lib/companies/expand-company';
import { companyParams } from '../../../lib/lifecycle/params';
import { verifyOwners } from '../../../lib/lifecycle/operations/verify-owners';

/** POST /v1/sandbox/companies/{companyID}/verify: every owner's identity document in. */
export const handler = apiOperation({
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: noBody,
  handle: async ({ caller, params, body }) => {
    const { company } = await verifyOwners(caller.scope, params.companyID);
    return { status: 200, body: await presentCompany(caller.scope, company) };
  },
});
