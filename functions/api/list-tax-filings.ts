import { apiOperation } from '../../lib/http/operation';
import { listTaxFilings as contract } from '../../lib/routes/orders/list-tax-filings';
import { resourceMissing } from '../../lib/errors';
import { getCompany } from '../../lib/store/entities/company';
import { taxFilingsOf } from '../../lib/tax-filings/tax-filings';

/** GET /v1/companies/{companyID}/tax-filings: read-only, newest first. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => {
    const [company, filings] = await Promise.all([
      getCompany(caller.scope, params.companyID),
      taxFilingsOf(caller.scope, params.companyID),
    ]);
    if (!company) throw resourceMissing('company', params.companyID);
    return { status: 200, body: { object: 'list', items: filings } };
  },
});
