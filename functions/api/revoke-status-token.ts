import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { statusTokenParams } from '../../lib/lifecycle/params';
import { revokeStatusToken } from '../../lib/status-tokens/status-tokens';

/** DELETE /v1/companies/{companyID}/status-tokens/{statusTokenID}: the link stops working at once. */
export const handler = apiOperation({
  scope: 'companies:write',
  params: statusTokenParams,
  query: noQuery,
  handle: async ({ caller, params }) => ({ status: 200, body: await revokeStatusToken(caller.scope, params.companyID, params.statusTokenID) }),
});
