import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { companyParams } from '../../lib/lifecycle/params';
import { listRequirementsOfCompany } from '../../lib/requirements/read-requirements';

/** GET /v1/companies/{companyID}/requirements: open and resolved history, newest first, no page block. */
export const handler = apiOperation({
  scope: 'requirements:read',
  params: companyParams,
  query: noQuery,
  handle: async ({ caller, params }) => ({ status: 200, body: { object: 'list', items: await listRequirementsOfCompany(caller.scope, params.companyID) } }),
});
