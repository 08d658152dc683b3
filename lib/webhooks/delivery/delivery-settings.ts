import { variable } from '../../config/variables';

/**
 * The numbers of webhook delivery (spec, Delivery rules: "not shown", so we decide; docs/decisions.md,
 * Webhooks; docs/guide/webhooks.md publishes the schedule). Read from the environment on every call so a
 * test stack can shrink the hold and the schedule; the values when unset are production's (lib/config/variables.ts).
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

const number = (name: Parameters<typeof variable>[0]) => Number(variable(name));

export function deliverySettings(): DeliverySettings {
  return {
    holdMs: number('WEBHOOK_HOLD_MS'),
    retryDelaysSeconds: numberList(variable('WEBHOOK_RETRY_DELAYS')) ?? DEFAULT_RETRY_DELAYS_SECONDS,
    jitter: number('WEBHOOK_RETRY_JITTER'),
    retryAfterCapSeconds: number('WEBHOOK_RETRY_AFTER_CAP_SECONDS'),
    timeoutMs: number('WEBHOOK_TIMEOUT_MS'),
    warnAfterSeconds: [DAY, 3 * DAY],
    disableAfterSeconds: 5 * DAY,
    maxVisibilitySeconds: 12 * HOUR,
    maxResponseBytes: 64 * 1024,
  };
}
