import { realNow, type Clock } from '../clock';
import type { SandboxClockRecord } from '../store/entities/sandbox-clock';

/**
 * The test mode's time by its clock's item (docs/decisions.md, "The sandbox clock"). No item: the
 * clock was never moved and reads real time. A ready clock moved ahead is an offset: it runs on in
 * real time from where it was moved to (`now` at `set_at`), so consecutive writes get distinct,
 * increasing times. While an advance runs, the clock reads how far the advance has come (`now`):
 * nothing stamps a time the advance has not reached yet. It is never behind real time and never goes
 * back. An item written before `set_at` existed reads `now` until real time catches up.
 */
export function sandboxTime(record: SandboxClockRecord | undefined, real: Date = realNow()): Date {
  if (!record) return real;
  const moved = Date.parse(record.now);
  const runOn = record.status === 'ready' && record.set_at ? real.getTime() - Date.parse(record.set_at) : 0;
  const time = moved + Math.max(0, runOn);
  return time > real.getTime() ? new Date(time) : real;
}

/** The clock a test-mode request runs on, from the clock's item read for it. */
export function sandboxClockOf(record: SandboxClockRecord | undefined): Clock {
  return () => sandboxTime(record);
}
