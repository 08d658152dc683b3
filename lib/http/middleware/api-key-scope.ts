import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { authorizeCaller, callerOf } from '../../auth/authenticate';
import type { ScopeName } from '../../auth/scopes';
import { ApiError } from '../../errors';
import { annotateRequest } from '../../observability/tracer';
import type { ApiContext } from '../core/types';

/**
 * The key's authorization, after its rate limit (api-key-rate-limit.ts): who is calling, and whether
 * this key may: its expiry, its address allow-list, the route's scope, and a sandbox route's test
 * mode. Writes `state.caller`.
 */
export function apiKeyScope(
  options: {
    scope?: ScopeName;
    /** A sandbox operation (docs/api.md, "Sandbox triggers": a live key gets test_mode_only on every one of them). */
    testModeOnly?: boolean;
  } = {},
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    name: 'apiKeyScope',
    before: async (request) => {
      const state = request.context.state;
      const { key } = state.keyCheck!;
      state.caller = await callerOf(key);
      annotateRequest({ partnerId: state.caller.scope.partnerId });
      authorizeCaller(key, state.sourceIp, options.scope, state.receivedAt);
      // Right after the key, before the body is read or an Idempotency-Key claimed: a live key meets
      // test_mode_only whatever it sends (a malformed body answered invalid_request before).
      if (options.testModeOnly && state.caller.scope.mode !== 'test')
        throw new ApiError('test_mode_only', 'Sandbox endpoints work with test keys (svc_test_…) only.');
    },
  };
}
