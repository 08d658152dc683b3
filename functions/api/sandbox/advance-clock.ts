import { apiOperation } from '../../../lib/http/operation';
import { advanceSandboxClock as contract } from '../../../lib/routes/sandbox-clock/advance-sandbox-clock';
import { advanceClockByKey } from '../../../lib/sandbox-clock/key-advance';

/** POST /v1/sandbox/clock/advance `{to}`: 202, the clock advancing (audited); the advance's steps run on the clock's queue. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, body, state, answerInTransaction }) => ({
    status: 202,
    body: await advanceClockByKey(caller, state.sourceIp, body.to, state.sandboxClock ?? undefined, (ws, clock) =>
      answerInTransaction(ws, { status: 202, body: clock }),
    ),
  }),
});
