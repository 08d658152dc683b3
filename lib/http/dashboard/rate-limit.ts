import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { countRequest } from '../../rate-limit/count-request';
import { enforceRateLimit } from '../../rate-limit/enforce';
import type { RateLimitSettings } from '../../rate-limit/policy';
import type { DashboardContext } from './types';
import { variable } from '../../config/variables';

/**
 * The dashboard's JSON face is limited per staff member, as the API is per key (lib/rate-limit): a
 * person clicking never comes near it, a script looping over it is told to use the API. Counted in the
 * same windows as the API's keys, refused with the same 429 `rate_limit`, `Retry-After` and
 * `RateLimit-*` headers (docs/guide/security.md). A member may carry a limit of their own (the embedded
 * default's seeded owner: infra/local/seed.ts).
 */
export const DASHBOARD_RATE_LIMIT: RateLimitSettings = { burst: 50, sustained: 1_500 };

/**
 * The signed-out routes (sign-in and its pages, the local outbox) have no member to count, so they
 * are counted per source address, before the body is read: an unauthenticated 64 KB sign-in of
 * unknown keys was answered in full, uncounted. A person signing in makes a handful of
 * requests; `SIGNED_OUT_RATE_LIMIT` ("burst,sustained") lifts it where one address is every caller
 * (the test suite's runtime).
 */
export function signedOutLimit(): RateLimitSettings {
  const [burst, sustained] = (variable('SIGNED_OUT_RATE_LIMIT') ?? '10,60').split(',').map(Number);
  return { burst, sustained };
}

export function signedOutRateLimit(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, DashboardContext> {
  return {
    name: 'signedOutRateLimit',
    before: async ({ context }) => {
      const count = await countRequest(`dash-ip:${context.state.sourceIp}`, context.state.receivedAt);
      Object.assign(context.state.responseHeaders, enforceRateLimit(signedOutLimit(), count));
    },
  };
}

export function dashboardRateLimit(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, DashboardContext> {
  return {
    name: 'dashboardRateLimit',
    before: async ({ context }) => {
      const session = context.dashboard?.session;
      if (!session) return;
      const count = await countRequest(`dash:${session.staff_id}`, context.state.receivedAt);
      Object.assign(context.state.responseHeaders, enforceRateLimit(session.rate_limit ?? DASHBOARD_RATE_LIMIT, count));
    },
  };
}
