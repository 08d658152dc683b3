/**
 * The one clock of lib/. Jobs and tests inject another (multi-day webhook schedules, renewals,
 * month-end) instead of waiting.
 */
export type Clock = () => Date;

let current: Clock = () => new Date();

export function now(): Date {
  return current();
}

export function nowIso(): string {
  return current().toISOString();
}

/** Replace the clock; returns a function that restores the previous one. */
export function setClock(clock: Clock): () => void {
  const previous = current;
  current = clock;
  return () => {
    current = previous;
  };
}
