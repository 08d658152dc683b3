import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { resourceMissing } from '../../lib/errors';
import { taxFilingIdParams } from '../../lib/orders/params';
import { getTaxFiling } from '../../lib/tax-filings/store';

/** GET /v1/tax-filings/{taxFilingID} */
export const handler = apiOperation({
  scope: 'companies:read',
  params: taxFilingIdParams,
  query: noQuery,
  handle: async ({ caller, params }) => {
    const found = await getTaxFiling(caller.scope, params.taxFilingID);
    if (!found) throw resourceMissing('tax filing', params.taxFilingID);
    const { revision: _r, key: _k, ...filing } = found;
    return { status: 200, body: filing };
  },
});
