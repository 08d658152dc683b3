import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { resourceMissing } from '../../lib/errors';
import { accountIdParams } from '../../lib/accounts/schemas';
import { getAccount } from '../../lib/store/entities/account';
import { renderAccount } from '../../lib/resources/account';

/** GET /v1/accounts/{accountID} */
export const handler = apiOperation({
  scope: 'accounts:read',
  params: accountIdParams,
  query: noQuery,
  handle: async ({ caller, params }) => {
    const account = await getAccount(caller.scope, params.accountID);
    if (!account) throw resourceMissing('account', params.accountID);
    return { status: 200, body: renderAccount(account) };
  },
});
