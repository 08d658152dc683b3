import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { presentedKey, storedKey } from '../../auth/authenticate';
import { lastSeenScope } from '../../auth/key-cache';
import type { Scope } from '../../scope';
import { countRequest } from '../../rate-limit/count-request';
import { anonymousSubject, observeRateLimit } from '../../rate-limit/enforce';
import { apiKeyKey } from '../../store/keys';
import { tableName } from '../../store/client';
import { ReadBatch } from '../../store/read-batch';
import { ApiError } from '../../errors';
import type { ApiContext, ApiMiddyRequest } from '../core/types';
import { soleAuthorization } from '../core/authorization-header';
import { readSandboxClock } from '../../store/entities/sandbox-clock';

/**
 * Authentication, the first of the key's four parts (then its rate limit, api-key-rate-limit.ts; its
 * scope, api-key-scope.ts; a test key's clock, sandbox-clock.ts): the presented key's record. A
 * request without a valid key is counted by address only, so its 401 carries RateLimit headers too:
 * it is never refused with `rate_limit` (limits are per API key; a missing or unknown key is
 * `api_key_invalid`).
 *
 * One round trip of waiting for all four: the key's count is kept under the hash of the presented
 * secret, so it goes out at the same moment as the key's own read; a test key's clock is read in the
 * same BatchGetItem as the key, and so is the operation's prefetched read when it has one (`prefetch`;
 * docs/decisions.md, "Round trips of a request"). A key this process authenticated less than
 * `KEY_CACHE_MS` ago is not read at all: the operation's read then goes out alone, and every check
 * runs on the cached record as on a read one. The later parts await what is started here.
 *
 * Writes `state.keyCheck` and `state.prefetch`.
 */
export function apiKeyAuth(
  options: {
    /** The operation's own first read, for a scope: started with the key's read when the key's scope is known. */
    prefetch?: (scope: Scope, event: APIGatewayProxyEvent, batch: ReadBatch) => Promise<unknown> | undefined;
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
      const count = countRequest(apiKeyKey(presented.secretHash).pk, state.receivedAt);
      count.catch(() => undefined); // awaited by the rate limit; a key refused first leaves it unread
      const key = await storedKey(presented, state.receivedAt, batch?.hasWaitingReads ? batch : undefined).catch((error) =>
        refusedByAddress(request, () => Promise.reject(error)),
      );
      state.keyCheck = { key, count, ...(clockScope && clockRead ? { clock: { scope: clockScope, read: clockRead } } : {}) };
    },
  };
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
