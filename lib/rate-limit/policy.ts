/** Ceilings of one key (spec Limits, Rate limiting). */
export interface RateLimitSettings {
  /** requests per second */
  burst: number;
  /** requests per minute */
  sustained: number;
}

/** The spec's published sample, our default for every new key. */
export const DEFAULT_RATE_LIMIT: RateLimitSettings = { burst: 30, sustained: 120 };

export interface PolicyState {
  name: 'burst' | 'sustained';
  quota: number;
  window: number;
  used: number;
  /** seconds until this policy's window resets */
  reset: number;
}

/** `"burst";q=30;w=1, "sustained";q=120;w=60` */
export function policyHeader(settings: RateLimitSettings): string {
  return `"burst";q=${settings.burst};w=1, "sustained";q=${settings.sustained};w=60`;
}

/** The tightest policy: the one with the fewest requests left (the earlier reset breaks a tie). */
export function tightest(states: PolicyState[]): PolicyState {
  return [...states].sort((a, b) => remaining(a) - remaining(b) || a.reset - b.reset)[0];
}

export function remaining(state: PolicyState): number {
  return Math.max(0, state.quota - state.used);
}

/** The response headers of the spec's table, for any response (success or refusal). */
export function rateLimitHeaders(settings: RateLimitSettings, states: PolicyState[]): Record<string, string> {
  const t = tightest(states);
  return {
    'RateLimit-Limit': String(t.quota),
    'RateLimit-Remaining': String(remaining(t)),
    'RateLimit-Reset': String(t.reset),
    'RateLimit-Policy': policyHeader(settings),
  };
}

/** The first policy the request went over, if any. */
export function exceeded(states: PolicyState[]): PolicyState | undefined {
  return states.find((s) => s.used > s.quota);
}
