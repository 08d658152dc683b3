import { apiOperation } from '../../lib/http/api-operation';
import { noBody, noQuery } from '../../lib/input';
import { companyParams } from '../../lib/lifecycle/params';
import { mintStatusToken } from '../../lib/status-tokens/status-tokens';

/** POST /v1/companies/{companyID}/status-tokens: mint a keyless status link. */
export const handler = apiOperation({
  scope: 'companies:write',
  idempotent: true,
  params: companyParams,
  query: noQuery,
  body: noBody,
  handle: async ({ caller, params }) => ({ status: 201, body: await mintStatusToken(caller.scope, params.companyID) }),
});
