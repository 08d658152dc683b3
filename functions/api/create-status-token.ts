import { apiOperation } from '../../lib/http/operation';
import { createStatusToken as contract } from '../../lib/routes/lifecycle/create-status-token';
import { mintStatusToken } from '../../lib/status-tokens/status-tokens';

/** POST /v1/companies/{companyID}/status-tokens: mint a keyless status link. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params, body }) => ({
    status: 201,
    body: await mintStatusToken(caller.scope, params.companyID, { expiresAt: body.expires_at }),
  }),
});
