import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { resourceMissing } from '../../lib/errors';
import { companyIdParams } from '../../lib/companies/schemas';
import { getCompany } from '../../lib/store/entities/company';
import { taxFilingsOf } from '../../lib/tax-filings/store';

/** GET /v1/companies/{companyID}/tax-filings: read-only, newest first. */
export const handler = apiOperation({
  scope: 'companies:read',
  params: companyIdParams,
  query: noQuery,
  handle: async ({ caller, params }) => {
    const [company, filings] = await Promise.all([getCompany(caller.scope, params.companyID), taxFilingsOf(caller.scope, params.companyID)]);
    if (!company) throw resourceMissing('company', params.companyID);
    return { status: 200, body: { object: 'list', items: filings } };
  },
});
