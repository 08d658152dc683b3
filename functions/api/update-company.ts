import { apiOperation } from '../../lib/http/operation';
import { updateCompany as contract } from '../../lib/routes/companies/update-company';
import { presentCompany } from '../../lib/companies/expand-company';
import { updateCompany } from '../../lib/lifecycle/operations/update-company';

/** POST /v1/companies/{companyID}: the partner's own fields of a company, metadata and external_id. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => {
    const { company } = await updateCompany(caller.scope, params.companyID, body);
    return { status: 200, body: await presentCompany(caller.scope, company) };
  },
});
