import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { dateTime } from './shared';

/** A partner's sandbox clock (docs/decisions.md, "The sandbox clock"); `sandbox_clock.ready` embeds it. */
export const sandboxClockSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('sandbox_clock'),
      livemode: z.literal(false),
      now: dateTime().meta({
        description:
          "The test mode's time (UTC). It starts at real time and only moves forward; while an advance runs, how far it has come.",
        example: '2027-01-01T00:00:00.000Z',
      }),
      status: z.enum(['ready', 'advancing']).meta({ description: 'advancing while an advance runs; ready otherwise.' }),
      advancing_to: dateTime()
        .nullable()
        .meta({ description: 'The target of the running advance; null when ready.', example: '2027-01-01T00:00:00.000Z' }),
    })
    .meta({
      id: 'SandboxClock',
      description:
        "Your test mode's clock: everything the test mode stamps reads it, and an advance runs everything that falls due on the way, in time order.",
    }),
);

export type SandboxClock = z.infer<ReturnType<typeof sandboxClockSchema>>;
