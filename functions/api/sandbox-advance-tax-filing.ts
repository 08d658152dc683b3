import { apiOperation } from '../../lib/http/operation';
import { sandboxAdvanceTaxFiling as contract } from '../../lib/routes/sandbox-orders/sandbox-advance-tax-filing';
import { advanceTaxFiling } from '../../lib/tax-filings/tax-filings';

/** POST /v1/sandbox/tax-filings/{taxFilingID}/advance `{status?, progress?}`: `tax_filing.status.changed`. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => ({ status: 200, body: await advanceTaxFiling(caller.scope, params.taxFilingID, body) }),
});
