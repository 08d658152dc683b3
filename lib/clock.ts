import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The time of lib/. Two clocks (docs/decisions.md, "The sandbox clock"):
 * - real time (`realNow`): the process clock. Rate limits, keys' expiry, idempotency windows,
 *   sessions, links' lifetimes, the request log and webhook retries run on it. Jobs and tests
 *   replace it (`setClock`) instead of waiting.
 * - the time of the work at hand (`now`): real time, unless the work runs for a partner's test mode,
 *   whose sandbox clock may be ahead. A request learns its scope only once its key is read, so it
 *   runs inside `withWorkTime` and its key check sets the clock (`useClockForThisWork`); the sandbox
 *   clock's advance runs each due moment inside `withClock`. Everything a test mode stamps reads `now`.
 * And the machine's time (`machineMs`), which nothing replaces: how long this process may still run
 * (a function's budget, a wait's deadline), how long something took, and the leases other processes
 * compare against theirs. A test that moves real time by days must not end a function's budget or
 * expire a lease another process holds.
 *
 * Every time read of lib/ goes through this file (test/unit/clock-reads.test.ts holds it): `Date.now()`
 * and `new Date()` appear nowhere else in lib/.
 */
export type Clock = () => Date;

let current: Clock = () => new Date();

/** What the unit of work at hand runs on; no clock: real time. */
interface WorkTime {
  clock?: Clock;
}

const workTime = new AsyncLocalStorage<WorkTime>();

/** The time of the work at hand: its scope's clock when one is set, else real time. */
export function now(): Date {
  const clock = workTime.getStore()?.clock;
  return clock ? clock() : current();
}

export function nowIso(): string {
  return now().toISOString();
}

/** Real time, whatever clock the work at hand runs on. */
export function realNow(): Date {
  return current();
}

/** Real time in milliseconds (`realNow()`). */
export function realNowMs(): number {
  return current().getTime();
}

/** The machine's time in milliseconds: never replaced (deadlines, durations, leases; see above). */
export function machineMs(): number {
  return Date.now();
}

/** Replace the process clock (real time); returns a function that restores the previous one. */
export function setClock(clock: Clock): () => void {
  const previous = current;
  current = clock;
  return () => {
    current = previous;
  };
}

/** Runs `fn` as one unit of work whose clock is chosen once it is known (`useClockForThisWork`). */
export function withWorkTime<T>(fn: () => T): T {
  return workTime.run({}, fn);
}

/**
 * The unit of work at hand runs on `clock` from now on (a test-mode request, once its key is read).
 * Outside `withWorkTime` nothing changes: the work stays on real time.
 */
export function useClockForThisWork(clock: Clock): void {
  const time = workTime.getStore();
  if (time) time.clock = clock;
}

/** Runs `fn` on `clock` (a moment of the sandbox clock's advance). */
export function withClock<T>(clock: Clock, fn: () => T): T {
  return workTime.run({ clock }, fn);
}
