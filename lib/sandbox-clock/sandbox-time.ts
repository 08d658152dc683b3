import { realNow, type Clock } from '../clock';
import type { SandboxClockRecord } from '../store/entities/sandbox-clock';

/**
 * The test mode's time by its clock's item: the later of real time and where the clock was moved to.
 * So a clock never moved (no item) is real time, and a clock moved ahead stays there until real time
 * catches up; it never goes back.
 */
export function sandboxTime(record: SandboxClockRecord | undefined, real: Date = realNow()): Date {
  if (!record) return real;
  const moved = Date.parse(record.now);
  return moved > real.getTime() ? new Date(moved) : real;
}

/** The clock a test-mode request runs on, from the clock's item read for it. */
export function sandboxClockOf(record: SandboxClockRecord | undefined): Clock {
  return () => sandboxTime(record);
}
