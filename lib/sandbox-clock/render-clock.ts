import type { SandboxClock } from '../resources/sandbox-clock';
import type { SandboxClockRecord } from '../store/entities/sandbox-clock';
import { sandboxTime } from './sandbox-time';

/** The clock as the API shows it (GET /v1/sandbox/clock, the advance's answer, `sandbox_clock.ready`). */
export function renderSandboxClock(record: SandboxClockRecord | undefined, real?: Date): SandboxClock {
  const advancingTo = record?.status === 'advancing' ? record.advance_to : undefined;
  return {
    object: 'sandbox_clock',
    livemode: false,
    now: sandboxTime(record, real).toISOString(),
    status: advancingTo ? 'advancing' : 'ready',
    advancing_to: advancingTo ?? null,
  };
}
