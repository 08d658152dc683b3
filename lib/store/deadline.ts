import { AsyncLocalStorage } from 'node:async_hooks';
import { machineMs } from '../clock';

/**
 * The time by which the current unit of work (an API request, a job) must have its answer: writes
 * under contention retry and wait only until then, so a request is answered, never left to time out.
 * Partner API handlers run inside `withDeadline` (lib/http/handler.ts, the `deadline` option of the
 * chain) with the Lambda's remaining time less a margin for answering; work outside any gets
 * DEFAULT_BUDGET_MS from its first write.
 */
const storage = new AsyncLocalStorage<number>();

/** Work outside any deadline (jobs, scripts, tests) gets this long per write. */
export const DEFAULT_BUDGET_MS = 20_000;

let stopping = false;

export function withDeadline<T>(deadlineMs: number, fn: () => T): T {
  return storage.run(deadlineMs, fn);
}

/** Epoch ms by which the current work must be done (now, once the process is stopping). */
export function deadline(): number {
  if (stopping) return machineMs();
  return storage.getStore() ?? machineMs() + DEFAULT_BUDGET_MS;
}

/**
 * The process is shutting down (the embedded default on SIGTERM): retry loops and waits end at their
 * next check instead of running on against a database that is going away.
 */
export function stopAllWork(): void {
  stopping = true;
}

export function workIsStopping(): boolean {
  return stopping;
}
