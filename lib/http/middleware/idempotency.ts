import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { claimKey, completeKey, releaseKey, storable } from '../../idempotency/records';
import { requestFingerprint } from '../core/request-fingerprint';
import { ApiError } from '../../errors';
import { header, type ApiContext, type IdempotencyState } from '../core/types';
import { logger } from '../../observability/logger';

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/**
 * The `Idempotency-Key` header a request carried, when it has a key's shape: what the request log
 * shows, on every POST, those that keep no record under it (the preview) too (docs/decisions.md, "The
 * request log").
 */
export function sentIdempotencyKey(event: APIGatewayProxyEvent): string | undefined {
  const key = header(event, 'idempotency-key');
  return key !== undefined && KEY_SHAPE.test(key) ? key : undefined;
}

/** An `Idempotency-Key` header that is not a key's shape is refused before anything runs. */
function refuseMalformedIdempotencyKey(key: string | undefined): void {
  if (key === undefined || KEY_SHAPE.test(key)) return;
  throw new ApiError('invalid_request', 'The Idempotency-Key header is invalid.', [
    {
      reason: 'must be 1 to 255 visible ASCII characters',
      location: '$.headers.Idempotency-Key',
      validation_type: 'pattern',
      how_to_fix: 'Send a unique value per request, such as a UUID, of at most 255 characters.',
    },
  ]);
}

/**
 * The header's shape alone, at the chain's place of `idempotency()`, for an operation that keeps no
 * record yet must refuse as an idempotent one does: POST /companies/preview answers creation's errors
 * exactly (docs/api.md), and creation refuses a malformed key before it looks at the body.
 */
export function idempotencyKeyShape(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    name: 'idempotency-key-shape',
    before: (request) => refuseMalformedIdempotencyKey(header(request.event, 'idempotency-key')),
  };
}

/**
 * `Idempotency-Key` on a POST (spec: "A retry of company creation uses an idempotency key request
 * header"): the first request with a key runs; the same request again replays its response (status,
 * body, `Content-Type`/`Location`/`Last-Modified`, plus `Idempotent-Replayed: true`); a different
 * request with the key is `idempotency_key_mismatch`; one still running is `idempotency_key_in_use`.
 * Keys are scoped to partner and mode. A failed request frees its key. Runs after authentication
 * and body parsing, before validation. Why our own and not Powertools': docs/decisions.md.
 * A replay found here is answered by the chain's last step (lib/http/operation-core.ts), after the
 * route's parameter scopes are checked: a middy `before` that returned the answer would skip every
 * `after` of the chain (the answer's headers, the request log).
 */
export function idempotency(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    name: 'idempotency',
    before: async (request) => {
      const state = request.context.state;
      const key = header(request.event, 'idempotency-key');
      if (key === undefined) return;
      refuseMalformedIdempotencyKey(key);
      const scope = state.caller!.scope;
      const owner = state.requestId;
      const claim = await claimKey(scope, key, requestFingerprint(request.event, state.body, state.version), owner, state.receivedAt);
      const idem: IdempotencyState = { key, replay: claim.kind === 'replay' ? claim.response : undefined };
      if (idem.replay) state.responseHeaders['Idempotent-Replayed'] = 'true';
      state.idempotency = idem;
    },
    after: (request) => {
      const state = request.context.state;
      const idem = state.idempotency;
      // Committed with the operation's change already (lib/http/answer-in-transaction.ts), or a replay.
      if (!idem || idem.replay || state.answerCommitted !== undefined || !request.response) return;
      // A trailing write, awaited with the answer's others at the chain's end (lib/http/core/types.ts).
      state.trailingWrites.push(
        completeKey(state.caller!.scope, idem.key, state.requestId, storable(request.response)).catch((error) => {
          // The change is applied: answer it. Throwing here would release the key and let a retry apply
          // it again. Left in_progress, the key refuses retries until its lock runs out.
          logger.error('the response of an applied request could not be stored under its Idempotency-Key', { error: error as Error });
        }),
      );
    },
    onError: (request) => {
      const state = request.context.state;
      const idem = state?.idempotency;
      if (!idem || idem.replay) return;
      state.trailingWrites.push(
        releaseKey(state.caller!.scope, idem.key, state.requestId).catch((error) => {
          // Answer the request's own error (the envelope comes after us); the key frees itself when its lock runs out.
          logger.warn('an Idempotency-Key could not be released after a failed request', { error: error as Error });
        }),
      );
    },
  };
}
