import { randomInt } from 'node:crypto';
import type { DeliverySettings } from './delivery-settings';

/**
 * Rule 2: the wait after the `failures`-th counted failure of one event, jittered so that endpoints
 * recovering from one outage are not hit by every lane in the same second; `undefined` once the
 * schedule is spent (the event is given up on).
 */
export function nextRetryDelaySeconds(
  settings: DeliverySettings,
  failures: number,
  random = () => randomInt(1_000_000) / 1_000_000,
): number | undefined {
  const base = settings.retryDelaysSeconds[failures - 1];
  if (base === undefined) return undefined;
  const factor = 1 + settings.jitter * (2 * random() - 1);
  return Math.max(0, base * factor);
}

/** How many attempts one event gets in all. */
export function maxAttempts(settings: DeliverySettings): number {
  return settings.retryDelaysSeconds.length + 1;
}
