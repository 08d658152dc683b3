import { apiOperation } from '../../lib/http/api-operation';
import { describeCaller } from '../../lib/me/describe-caller';
import { noQuery } from '../../lib/input';

/** GET /v1/me */
export const handler = apiOperation({
  query: noQuery,
  handle: async ({ caller, state }) => ({ status: 200, body: describeCaller(caller, state.version!) }),
});
