import { noQuery } from '../../input/empty';
import { sandboxClockSchema } from '../../resources/sandbox-clock';
import { advanceClockBody } from '../../sandbox-clock/schemas';
import { partner } from '../core/operation';

export const advanceSandboxClock = partner('sandbox/advance-clock', {
  method: 'POST',
  path: '/v1/sandbox/clock/advance',
  operation: 'advanceSandboxClock',
  scope: 'sandbox:write',
  testModeOnly: true,
  idempotent: true,
  query: noQuery,
  body: advanceClockBody,
  summary: "Advance your test mode's clock: everything that falls due on the way happens, in time order",
  description:
    "Answers at once (202) with the clock advancing. Everything of your test mode that falls due in (now, to] then happens in time order, as it would have in real time: renewals bill (arrears products at each period end), approved renewal cancellations end, quotes lapse at quote.expires_at, calendar reminders fire at each remind_at, month-end closes issue their test invoices. Each event carries the moment it fell due as timestamp and the clock's time when recorded as created_at. When all is done the clock reads `to`, its status is ready, and one sandbox_clock.ready event is recorded and delivered like any other, after every event of the advance. One advance at a time: another while one runs is refused (409).",
  tag: 'Sandbox',
  responses: { 202: { description: 'The clock, advancing.', schema: sandboxClockSchema } },
  errors: [409, 422],
});
