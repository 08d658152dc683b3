import { apiOperation } from '../../../lib/http/operation';
import { advanceSandboxClock as contract } from '../../../lib/routes/sandbox-clock/advance-sandbox-clock';
import { startAdvance } from '../../../lib/sandbox-clock/advance-clock';

/**
 * POST /v1/sandbox/clock/advance `{to}`: 202, the clock advancing; the advance's steps run on the clock's
 * queue. Not in the dashboard's audit log, whose actors are staff and operators: the request log has it.
 */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, body, state, answerInTransaction }) => ({
    status: 202,
    body: await startAdvance(caller.scope, body.to, state.sandboxClock ?? undefined, (ws, clock) =>
      answerInTransaction(ws, { status: 202, body: clock }),
    ),
  }),
});
