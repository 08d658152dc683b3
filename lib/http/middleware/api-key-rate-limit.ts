import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { enforceRateLimit } from '../../rate-limit/enforce';
import type { ApiContext } from '../core/types';

/**
 * The key's rate limit, right after authentication (api-key-auth.ts) and before its scope is checked:
 * a request with a real key is always counted, even when it is then refused for expiry, address or
 * scope. The count was sent beside the key's read. Writes `state.rateLimitHeaders`.
 */
export function apiKeyRateLimit(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    name: 'apiKeyRateLimit',
    before: async (request) => {
      const state = request.context.state;
      const check = state.keyCheck!;
      state.rateLimitHeaders = enforceRateLimit(check.key.rate_limit, await check.count);
    },
  };
}
