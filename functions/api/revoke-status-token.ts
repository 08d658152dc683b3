import { apiOperation } from '../../lib/http/operation';
import { revokeStatusToken as contract } from '../../lib/routes/lifecycle/revoke-status-token';
import { revokeStatusToken } from '../../lib/status-tokens/status-tokens';

/** DELETE /v1/companies/{companyID}/status-tokens/{statusTokenID}: the link stops working at once. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => ({
    status: 200,
    body: await revokeStatusToken(caller.scope, params.companyID, params.statusTokenID),
  }),
});
