import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { authorizeCaller, callerOf, presentedKey, storedKey } from '../../auth/authenticate';
import { lastSeenScope } from '../../auth/key-cache';
import type { Scope } from '../../scope';
import type { ScopeName } from '../../auth/scopes';
import { countRequest } from '../../rate-limit/count-request';
import { anonymousSubject, enforceRateLimit, observeRateLimit } from '../../rate-limit/enforce';
import { apiKeyKey } from '../../store/keys';
import { tableName } from '../../store/client';
import { ReadBatch } from '../../store/read-batch';
import { ApiError } from '../../errors';
import { annotateRequest } from '../../observability/tracer';
import type { ApiContext, ApiMiddyRequest } from '../core/types';
import { soleAuthorization } from '../core/authorization-header';
import { useClockForThisWork } from '../../clock';
import { readSandboxClock, type SandboxClockRecord } from '../../store/entities/sandbox-clock';
import { sandboxClockOf } from '../../sandbox-clock/sandbox-time';

/**
 * Authentication, then the per-key rate limit, then authorization: a request with a real key is always
 * counted, even when it is then refused for expiry, address or scope. A request without a valid key
 * is counted by address only so its 401 carries RateLimit headers too: it is never refused with
 * `rate_limit` (limits are per API key; a missing or unknown key is `api_key_invalid`).
 *
 * One round trip of waiting: the key's count is kept under the hash of the presented secret, so it
 * goes out at the same moment as the key's own read (the partner comes from a record read at most a
 * few seconds ago), and the key's read goes in the same BatchGetItem as the operation's prefetched
 * read when it has one (`prefetch`; docs/decisions.md, "Round trips of a request"). A key this process
 * authenticated less than `KEY_CACHE_MS` ago is not read at all: the operation's read then goes out
 * alone, and every check below runs on the cached record as on a read one.
 *
 * Writes `state.caller`, `state.rateLimitHeaders` and `state.prefetch`.
 */
export function apiKeyAuth(
  options: {
    scope?: ScopeName;
    /** The operation's own first read, for a scope: started with the key's read when the key's scope is known. */
    prefetch?: (scope: Scope, event: APIGatewayProxyEvent, batch: ReadBatch) => Promise<unknown> | undefined;
    /** A sandbox operation (docs/api.md, "Sandbox triggers": a live key gets test_mode_only on every one of them). */
    testModeOnly?: boolean;
  } = {},
): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    name: 'apiKeyAuth',
    before: async (request) => {
      const state = request.context.state;
      const presented = await refusedByAddress(request, () => presentedKey(soleAuthorization(request.event)));
      // The scope this process last saw the key in: the operation's read goes out with the key's.
      const seenScope = lastSeenScope(presented.secretHash, presented.mode);
      const scope = options.prefetch && seenScope;
      // A test key's sandbox clock is read with its key (docs/decisions.md, "The sandbox clock"); a live
      // key reads none: live mode is real time.
      const clockScope = presented.mode === 'test' ? seenScope : undefined;
      const batch = scope || clockScope ? new ReadBatch(tableName()) : undefined;
      const read = scope && batch && options.prefetch?.(scope, request.event, batch);
      if (scope && read) {
        read.catch(() => undefined); // an answer for a request refused before the operation is dropped
        state.prefetch = { scope, read };
      }
      const clockRead = clockScope && batch ? readSandboxClock(clockScope, batch) : undefined;
      clockRead?.catch(() => undefined);
      const [key, count] = await Promise.allSettled([
        storedKey(presented, state.receivedAt, batch?.hasWaitingReads ? batch : undefined),
        countRequest(apiKeyKey(presented.secretHash).pk, state.receivedAt),
      ]);
      if (key.status === 'rejected') return refusedByAddress(request, () => Promise.reject(key.reason));
      if (count.status === 'rejected') throw count.reason;
      state.rateLimitHeaders = enforceRateLimit(key.value.rate_limit, count.value);
      state.caller = await callerOf(key.value);
      annotateRequest({ partnerId: state.caller.scope.partnerId });
      authorizeCaller(key.value, state.sourceIp, options.scope, state.receivedAt);
      // Right after the key, before the body is read or an Idempotency-Key claimed: a live key meets
      // test_mode_only whatever it sends (a malformed body answered invalid_request before).
      if (options.testModeOnly && state.caller.scope.mode !== 'test')
        throw new ApiError('test_mode_only', 'Sandbox endpoints work with test keys (svc_test_…) only.');
      if (state.caller.scope.mode === 'test') {
        const clock = await sandboxClockFor(state.caller.scope, clockScope, clockRead);
        state.sandboxClock = clock ?? null;
        useClockForThisWork(sandboxClockOf(clock));
      }
    },
  };
}

/** The clock read beside the key when it was read for the caller's very scope; else read now. */
function sandboxClockFor(
  scope: Scope,
  readFor: Scope | undefined,
  read: Promise<SandboxClockRecord | undefined> | undefined,
): Promise<SandboxClockRecord | undefined> {
  return read && readFor?.partnerId === scope.partnerId ? read : readSandboxClock(scope);
}

/** A refusal before a key is known is counted by address, for its RateLimit headers, then thrown. */
async function refusedByAddress<T>(request: ApiMiddyRequest, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof ApiError) {
      const state = request.context.state;
      const anon = anonymousSubject(state.sourceIp);
      state.rateLimitHeaders = await observeRateLimit(anon.subject, anon.settings, state.receivedAt);
    }
    throw error;
  }
}
