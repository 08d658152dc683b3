import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { authorizeCaller, callerOf, identifyKey } from '../../auth/authenticate';
import type { ApiKeyRecord } from '../../auth/api-key';
import type { ScopeName } from '../../auth/scopes';
import { anonymousSubject, enforceRateLimit, observeRateLimit } from '../../rate-limit/enforce';
import { ApiError } from '../../errors';
import { header, type ApiContext } from '../core/types';

/**
 * Authentication, then the per-key rate limit, then authorization: a request with a real key is always
 * counted, even when it is then refused for expiry, address or scope. A request without a valid key
 * is counted by address only so its 401 carries RateLimit headers too: it is never refused with
 * `rate_limit` (limits are per API key; a missing or unknown key is `api_key_invalid`).
 */
export function apiKeyAuth(
  options: { scope?: ScopeName } = {},
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    name: 'apiKeyAuth',
    before: async (request) => {
      const state = request.context.state;
      let key: ApiKeyRecord;
      try {
        key = await identifyKey(header(request.event, 'authorization'));
      } catch (error) {
        if (error instanceof ApiError) {
          const anon = anonymousSubject(state.sourceIp);
          state.rateLimitHeaders = await observeRateLimit(anon.subject, anon.settings, state.receivedAt);
        }
        throw error;
      }
      // The partner read and the rate-limit count both need only the key: one round trip for both.
      const [caller, headers] = await Promise.allSettled([callerOf(key), enforceRateLimit(key.id, key.rate_limit, state.receivedAt)]);
      if (headers.status === 'rejected') throw headers.reason;
      state.rateLimitHeaders = headers.value;
      if (caller.status === 'rejected') throw caller.reason;
      state.caller = caller.value;
      authorizeCaller(key, state.sourceIp, options.scope, state.receivedAt);
    },
  };
}
