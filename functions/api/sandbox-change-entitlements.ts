import { apiOperation } from '../../lib/http/operation';
import { sandboxChangeEntitlements as contract } from '../../lib/routes/sandbox-orders/sandbox-change-entitlements';
import { presentCompany } from '../../lib/companies/expand-company';
import { changeEntitlements } from '../../lib/entitlements/change-entitlements';

/** POST /v1/sandbox/companies/{companyID}/entitlements `{kind, delta}`: `company.entitlements.changed`. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => {
    const company = await changeEntitlements(caller.scope, params.companyID, body.kind, body.delta);
    return { status: 200, body: await presentCompany(caller.scope, company) };
  },
});
