import { apiOperation } from '../../lib/http/operation';
import { listStatusTokens as contract } from '../../lib/routes/lifecycle/list-status-tokens';
import { listStatusTokens } from '../../lib/status-tokens/status-tokens';

/** GET /v1/companies/{companyID}/status-tokens: `{object: "list", items[]}`, no page block. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => ({
    status: 200,
    body: { object: 'list', items: await listStatusTokens(caller.scope, params.companyID) },
  }),
});
