import { setTimeout as sleep } from 'node:timers/promises';

/** Throttles: the request was refused, not applied; the SDK has already retried it with backoff. */
const THROTTLES = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'RequestLimitExceeded']);
/** Cancellation reasons that say "try again", not "your condition failed". */
const TRANSIENT_REASONS = new Set(['None', 'TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/**
 * True when DynamoDB refused a call for a passing reason (throttling, or a conflict with another
 * transaction on the same item) rather than because of the request: the call was not applied and the
 * same call can succeed a moment later. The SDK retries throttles itself; conflicts it does not.
 */
export function isTransientStoreError(error: unknown): boolean {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] } | undefined;
  if (!e?.name) return false;
  if (THROTTLES.has(e.name) || e.name === 'TransactionConflictException') return true;
  if (e.name !== 'TransactionCanceledException') return false;
  const reasons = e.CancellationReasons ?? [];
  return reasons.some((r) => r.Code && r.Code !== 'None') && reasons.every((r) => TRANSIENT_REASONS.has(r.Code ?? 'None'));
}

/**
 * Runs a single-item bookkeeping write again while DynamoDB refuses it transiently (up to `attempts`
 * times, jittered backoff). For writes outside a transaction that a request must not lose to a passing
 * conflict, such as storing an idempotency key's response.
 */
export async function retryTransient<T>(write: () => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= attempts || !isTransientStoreError(error)) throw error;
      await sleep(Math.random() * Math.min(500, 25 * 2 ** attempt));
    }
  }
}
