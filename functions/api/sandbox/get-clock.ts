import { apiOperation } from '../../../lib/http/operation';
import { getSandboxClock as contract } from '../../../lib/routes/sandbox-clock/get-sandbox-clock';
import { renderSandboxClock } from '../../../lib/sandbox-clock/render-clock';

/** GET /v1/sandbox/clock: the clock as the request's own key check read it (strongly consistent). */
export const handler = apiOperation({
  ...contract,
  handle: async ({ state }) => ({ status: 200, body: renderSandboxClock(state.sandboxClock ?? undefined) }),
});
