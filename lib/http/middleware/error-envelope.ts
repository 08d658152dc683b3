import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError, errorEnvelope as envelope } from '../../errors';
import { logger } from '../../observability/logger';
import { CommitContention } from '../../event-log/commit';
import { isTransientStoreError } from '../../store/transient';
import type { ApiContext } from '../core/types';

/**
 * Turns anything thrown into the spec's error envelope. An ApiError keeps its code; anything else is
 * logged and answered `api_error` (500) with no internals in it. A response already set is left alone.
 * DynamoDB refusing for a passing reason (throttled after the SDK's retries, a conflicting transaction)
 * is also `api_error` 500, with `Retry-After`: the client retries, with its Idempotency-Key
 * (docs/decisions.md, "Proof": why 500 and not 503). A write that could not be committed before the
 * request's deadline under contention is `rate_limit` 429 with `Retry-After`: nothing was written.
 */
/** Methods that change something: without an Idempotency-Key, a cut-off one may or may not have applied. */
const CHANGES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** middy's own timeout (`timeoutEarlyInMillis`): the Lambda's remaining time ran out before the answer. */
function isLambdaTimeout(error: unknown): boolean {
  const e = error as { name?: string; cause?: { package?: string } } | undefined;
  return e?.name === 'TimeoutError' && e.cause?.package === '@middy/core';
}

export function errorEnvelope(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    name: 'errorEnvelope',
    onError: (request) => {
      if (request.response) return;
      const state = request.context.state;
      let error = request.error;
      if (error instanceof CommitContention) {
        // Nothing was written: an honest, retriable refusal (docs/decisions.md, "The event log"), as
        // Stripe answers lock contention; the same request (with its Idempotency-Key) succeeds later.
        error = new ApiError(
          'rate_limit',
          'Too many concurrent changes for this partner and mode right now; nothing was written. Retry after the Retry-After delay, with the same Idempotency-Key.',
          undefined,
          { 'Retry-After': '1' },
        );
      }
      if (isLambdaTimeout(error)) {
        // The Lambda's time ran out mid-request, a DynamoDB call still in flight under overload. With an
        // Idempotency-Key (or on a read) a retry is safe whatever happened: the key's completion commits with
        // the change, so a retry answers the original result if it applied and applies it once if not.
        // That is an overload refusal, answered as one: 429 (docs/decisions.md, "The event log").
        const retrySafe = Boolean(state?.idempotency) || !CHANGES.has(request.event?.httpMethod ?? '');
        logger.warn('the request ran out of time', { error: error as Error, retrySafe });
        error = retrySafe
          ? new ApiError(
              'rate_limit',
              'The request ran out of time under load. Retry after the Retry-After delay with the same Idempotency-Key: if it was applied, the retry answers its original result; if not, the retry applies it, once.',
              undefined,
              { 'Retry-After': '1' },
            )
          : new ApiError(
              'api_error',
              'The request ran out of time under load; it may or may not have been applied. Send an Idempotency-Key header with writes so that a retry is always safe.',
              undefined,
              { 'Retry-After': '1' },
            );
      }
      if (isTransientStoreError(error)) {
        logger.warn('DynamoDB refused a call transiently; answered api_error with Retry-After', { error: error as Error });
        error = new ApiError(
          'api_error',
          'The database is busy for this account right now (throttled, or a conflicting write). Retry after the Retry-After delay, with the same Idempotency-Key.',
          undefined,
          { 'Retry-After': '1' },
        );
      }
      if (!(error instanceof ApiError)) {
        logger.error('unexpected failure', { error: error as Error });
        error = new ApiError(
          'api_error',
          'Something went wrong on our side. Retry later; if it persists, contact support with the request_id.',
        );
      }
      const apiError = error as ApiError;
      request.response = {
        statusCode: apiError.status,
        headers: { 'Content-Type': 'application/json', ...apiError.headers },
        body: JSON.stringify(envelope(apiError, state?.requestId ?? 'unknown')),
      };
    },
  };
}
