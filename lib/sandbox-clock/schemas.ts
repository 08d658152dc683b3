import * as z from 'zod';

/** How far one advance may move the clock (docs/openapi.json, POST /v1/sandbox/clock/advance). */
export const MAX_ADVANCE_DAYS = 400;

/**
 * POST /v1/sandbox/clock/advance `{to}`. The shape only: whether `to` is later than the clock and
 * within 400 days of it depends on the clock, read with the request (lib/sandbox-clock/advance-clock.ts).
 */
export const advanceClockBody = z.strictObject({
  to: z.iso.datetime({ offset: true }).meta({
    description: "The test mode's time to advance to: later than the clock's now, at most 400 days after it.",
    example: '2027-01-01T00:00:00Z',
  }),
});
