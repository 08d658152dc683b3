import { apiOperation } from '../../lib/http/api-operation';
import { noQuery } from '../../lib/input';
import { companyParams } from '../../lib/lifecycle/params';
import { listStatusTokens } from '../../lib/status-tokens/status-tokens';

/** GET /v1/companies/{companyID}/status-tokens: `{object: "list", items[]}`, no page block. */
export const handler = apiOperation({
  scope: 'companies:read',
  params: companyParams,
  query: noQuery,
  handle: async ({ caller, params }) => ({ status: 200, body: { object: 'list', items: await listStatusTokens(caller.scope, params.companyID) } }),
});
