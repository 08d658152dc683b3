import { apiOperation } from '../../lib/http/operation';
import { sandboxOpenTaxFiling as contract } from '../../lib/routes/sandbox-orders/sandbox-open-tax-filing';
import { openTaxFiling } from '../../lib/tax-filings/tax-filings';

/** POST /v1/sandbox/companies/{companyID}/tax-filings `{kind, year}`: consumes one right. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => ({ status: 201, body: await openTaxFiling(caller.scope, params.companyID, body) }),
});
