import { noQuery } from '../../input/empty';
import { sandboxClockSchema } from '../../resources/sandbox-clock';
import { partner } from '../core/operation';

export const getSandboxClock = partner('sandbox/get-clock', {
  method: 'GET',
  path: '/v1/sandbox/clock',
  operation: 'getSandboxClock',
  testModeOnly: true,
  query: noQuery,
  summary: "Your test mode's clock: its time, and whether an advance runs",
  description:
    "Each partner's test mode runs on a clock of its own. It starts at real time and only moves forward; live mode always runs on real time. Any test key may read it.",
  tag: 'Sandbox',
  responses: { 200: { description: 'The clock.', schema: sandboxClockSchema } },
});
