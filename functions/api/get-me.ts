import { apiOperation } from '../../lib/http/operation';
import { getMe as contract } from '../../lib/routes/foundation/get-me';
import { describeCaller } from '../../lib/me/describe-caller';

/** GET /v1/me */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, state }) => ({ status: 200, body: describeCaller(caller, state.version!) }),
});
