/**
 * The numbers of webhook delivery (spec, Delivery rules: "not shown", so we decide; docs/decisions.md,
 * Webhooks; docs/guide/webhooks.md publishes the schedule). Read from the environment on every call so a test stack
 * can shrink the hold and the schedule; the defaults are the production values.
 */
export interface DeliverySettings {
  /** Rule 4: a fresh delivery is held back this long (the FIFO queue's DeliveryDelay). */
  holdMs: number;
  /** Delays before the 2nd, 3rd, … attempt, in seconds; attempts = 1 + its length. */
  retryDelaysSeconds: number[];
  /** ± fraction of each delay drawn at random (jitter). */
  jitter: number;
  /** Rule 5: the most a `Retry-After` may push the next attempt back. */
  retryAfterCapSeconds: number;
  /** Rule 1: no full answer within this long is a timeout (a failure). */
  timeoutMs: number;
  /** Rule 7: warning e-mails after this long failing continuously, and the disable point. */
  warnAfterSeconds: number[];
  disableAfterSeconds: number;
  /** SQS's limit on one visibility timeout: longer waits are re-extended on receipt. */
  maxVisibilitySeconds: number;
  /** We read at most this much of a response body. */
  maxResponseBytes: number;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/** Standard Webhooks' recommendation: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const DEFAULT_RETRY_DELAYS_SECONDS = [5, 5 * 60, 30 * 60, 2 * HOUR, 5 * HOUR, 10 * HOUR, 14 * HOUR, 20 * HOUR, 24 * HOUR];

function numberList(value: string | undefined): number[] | undefined {
  if (!value) return undefined;
  const list = value.split(',').map((v) => Number(v.trim()));
  return list.every((n) => Number.isFinite(n) && n >= 0) ? list : undefined;
}

function positive(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return value !== undefined && value !== '' && Number.isFinite(n) && n >= 0 ? n : fallback;
}

export function deliverySettings(): DeliverySettings {
  const env = process.env;
  return {
    holdMs: positive(env.WEBHOOK_HOLD_MS, 2000),
    retryDelaysSeconds: numberList(env.WEBHOOK_RETRY_DELAYS) ?? DEFAULT_RETRY_DELAYS_SECONDS,
    jitter: positive(env.WEBHOOK_RETRY_JITTER, 0.1),
    retryAfterCapSeconds: positive(env.WEBHOOK_RETRY_AFTER_CAP_SECONDS, HOUR),
    timeoutMs: positive(env.WEBHOOK_TIMEOUT_MS, 15_000),
    warnAfterSeconds: [DAY, 3 * DAY],
    disableAfterSeconds: 5 * DAY,
    maxVisibilitySeconds: 12 * HOUR,
    maxResponseBytes: 64 * 1024,
  };
}
