import { apiOperation } from '../../lib/http/operation';
import { getAccount as contract } from '../../lib/routes/companies/get-account';
import { resourceMissing } from '../../lib/errors';
import { getAccount } from '../../lib/store/entities/account';
import { renderAccount } from '../../lib/resources/account';

/** GET /v1/accounts/{accountID} */
export const handler = apiOperation({
  ...contract,
  prefetch: (scope, params, batch) => getAccount(scope, params.accountID, batch),
  handle: async ({ caller, params, prefetched }) => {
    const account = await (prefetched ?? getAccount(caller.scope, params.accountID));
    if (!account) throw resourceMissing('account', params.accountID);
    return { status: 200, body: renderAccount(account) };
  },
});
