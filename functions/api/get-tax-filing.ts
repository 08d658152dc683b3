import { apiOperation } from '../../lib/http/operation';
import { getTaxFiling as contract } from '../../lib/routes/orders/get-tax-filing';
import { resourceMissing } from '../../lib/errors';
import { getTaxFiling } from '../../lib/tax-filings/tax-filings';

/** GET /v1/tax-filings/{taxFilingID} */
export const handler = apiOperation({
  ...contract,
  prefetch: (scope, params) => getTaxFiling(scope, params.taxFilingID),
  handle: async ({ caller, params, prefetched }) => {
    const found = await (prefetched ?? getTaxFiling(caller.scope, params.taxFilingID));
    if (!found) throw resourceMissing('tax filing', params.taxFilingID);
    const { revision: _r, key: _k, ...filing } = found;
    return { status: 200, body: filing };
  },
});
