import { apiOperation } from '../../lib/http/operation';
import { createAccount as contract } from '../../lib/routes/companies/create-account';
import { createAccount } from '../../lib/accounts/create-account';
import { renderAccount } from '../../lib/resources/account';

/** POST /v1/accounts: 201 with a new account; 200 with the existing one when its external_id is reused. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, body }) => {
    const { account, created } = await createAccount(caller.scope, body);
    return { status: created ? 201 : 200, body: renderAccount(account) };
  },
});
