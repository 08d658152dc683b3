/**
 * When and how long the client waits before trying a request again. The spec's Rate limiting part:
 * "wait Retry-After seconds, back off exponentially if 429 persists, and give up after a few
 * attempts"; the API also answers `api_error` (5xx) and `idempotency_key_in_use` (409) with a
 * `Retry-After` when a retry with the same Idempotency-Key is the cure.
 */
export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff step; doubles per retry. */
  initialDelayMs: number;
  /** Ceiling of the exponential backoff (a longer Retry-After is still honoured, up to maxRetryAfterSeconds). */
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the error is thrown to the caller instead. */
  maxRetryAfterSeconds: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 3, initialDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterSeconds: 60 };

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * A retry is safe when repeating the request cannot apply it twice: the method is idempotent, or the
 * request carries an Idempotency-Key (the API replays the first answer instead of running it again).
 */
export function safeToRetry(method: string, hasIdempotencyKey: boolean): boolean {
  return IDEMPOTENT_METHODS.has(method.toUpperCase()) || hasIdempotencyKey;
}

/** Whether an answer is worth another attempt: rate limited, a server error, or a key still in use. */
export function retryableAnswer(status: number, code: string | undefined): boolean {
  return status === 429 || status >= 500 || (status === 409 && code === 'idempotency_key_in_use');
}

/**
 * The wait before retry number `retry` (0 for the first retry): the exponential step (with jitter,
 * capped), but never less than the Retry-After the API asked for.
 */
export function retryDelayMs(
  retry: number,
  retryAfterSeconds: number | undefined,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number {
  const step = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** retry);
  const jittered = Math.round(step * (0.75 + 0.25 * random()));
  return Math.max(jittered, (retryAfterSeconds ?? 0) * 1000);
}
