import { ApiError } from '../errors';
import { countRequest, policyStates, type WindowCount } from './count-request';
import { DEFAULT_RATE_LIMIT, exceeded, rateLimitHeaders, type RateLimitSettings } from './policy';

/**
 * The headers for the response of a counted request; throws `rate_limit` (429) with `Retry-After` and
 * a detail naming the policy and the wait when a policy is exceeded.
 */
export function enforceRateLimit(settings: RateLimitSettings, count: WindowCount): Record<string, string> {
  const states = policyStates(settings, count);
  const headers = rateLimitHeaders(settings, states);
  const hit = exceeded(states);
  if (hit) {
    const wait = hit.reset;
    throw new ApiError(
      'rate_limit',
      hit.name === 'burst'
        ? `Burst limit of ${hit.quota} requests per second reached; retry in ${wait} second. Back off exponentially if 429 persists.`
        : `Sustained limit of ${hit.quota} requests per minute reached; retry in ${wait} seconds. Back off exponentially if 429 persists.`,
      undefined,
      {
        ...headers,
        'RateLimit-Limit': String(hit.quota),
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': String(wait),
        'Retry-After': String(wait),
      },
    );
  }
  return headers;
}

/** Callers without a valid key are counted by address under the default policy. */
export function anonymousSubject(sourceIp: string): { subject: string; settings: RateLimitSettings } {
  return { subject: `ip:${sourceIp}`, settings: DEFAULT_RATE_LIMIT };
}

/**
 * Counts a request and returns its RateLimit headers without ever refusing it. For callers without a
 * valid key: the spec counts limits per API key (Authentication 4) and answers a missing or unknown
 * key with `api_key_invalid` (Authentication 3), so that 401 must never turn into a 429; the count by
 * address only gives it the headers every response carries (Rate limiting).
 */
export async function observeRateLimit(subject: string, settings: RateLimitSettings, at: Date): Promise<Record<string, string>> {
  return rateLimitHeaders(settings, policyStates(settings, await countRequest(subject, at)));
}
