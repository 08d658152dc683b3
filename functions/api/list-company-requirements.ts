import { apiOperation } from '../../lib/http/operation';
import { listCompanyRequirements as contract } from '../../lib/routes/lifecycle/list-company-requirements';
import { listRequirementsOfCompany } from '../../lib/requirements/read-requirements';

/** GET /v1/companies/{companyID}/requirements: open and resolved history, newest first, no page block. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => ({
    status: 200,
    body: { object: 'list', items: await listRequirementsOfCompany(caller.scope, params.companyID) },
  }),
});
