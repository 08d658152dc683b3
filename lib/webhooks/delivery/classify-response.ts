import type { DeliverySettings } from './delivery-settings';

/** What one attempt's answer means for the lane (spec, Delivery rules 1, 5, 6, 8). */
export type AttemptVerdict =
  | { kind: 'acknowledged' }
  /** 410: disable the endpoint and cancel its queued deliveries. */
  | { kind: 'gone' }
  /** 429/503 with Retry-After: wait as asked (capped) without spending an attempt of the schedule. */
  | { kind: 'deferred'; waitSeconds: number; error: string }
  | { kind: 'failed'; error: string };

/** A `Retry-After` value (delta seconds or an HTTP date) as seconds from `nowMs`; undefined if unusable. */
export function retryAfterSeconds(value: string | undefined, nowMs: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, (at - nowMs) / 1000);
}

export function classifyResponse(
  status: number,
  retryAfter: string | undefined,
  settings: DeliverySettings,
  nowMs: number,
): AttemptVerdict {
  if (status >= 200 && status < 300) return { kind: 'acknowledged' };
  if (status === 410) return { kind: 'gone' };
  if (status >= 300 && status < 400) return { kind: 'failed', error: 'redirect_not_followed' };
  if (status === 429 || status === 503) {
    const wait = retryAfterSeconds(retryAfter, nowMs);
    if (wait !== undefined) return { kind: 'deferred', waitSeconds: Math.min(wait, settings.retryAfterCapSeconds), error: 'retry_after' };
  }
  return { kind: 'failed', error: 'http_status' };
}
