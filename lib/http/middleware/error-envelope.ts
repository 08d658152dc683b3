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
        error = new ApiError('rate_limit', 'Too many concurrent changes for this partner and mode right now; nothing was written. Retry after the Retry-After delay, with the same Idempotency-Key.', undefined, { 'Retry-After': '1' });
      }
      if ((error as { name?: string; cause?: { package?: string } }).name === 'TimeoutError' && (error as { cause?: { package?: string } }).cause?.package === '@middy/core') {
        // The Lambda's time ran out mid-request (a DynamoDB call still in flight): whether it applied is
        // not known, so no "nothing written"; retrying with the same Idempotency-Key is safe.
        logger.warn('the request ran out of time; answered api_error with Retry-After', { error: error as Error });
        error = new ApiError('api_error', 'The request ran out of time under load; it may or may not have been applied. Retry after the Retry-After delay, with the same Idempotency-Key.', undefined, { 'Retry-After': '1' });
      }
      if (isTransientStoreError(error)) {
        logger.warn('DynamoDB refused a call transiently; answered api_error with Retry-After', { error: error as Error });
        error = new ApiError('api_error', 'The database is busy for this account right now (throttled, or a conflicting write). Retry after the Retry-After delay, with the same Idempotency-Key.', undefined, { 'Retry-After': '1' });
      }
      if (!(error instanceof ApiError)) {
        logger.error('unexpected failure', { error: error as Error });
        error = new ApiError('api_error', 'Something went wrong on our side. Retry later; if it persists, contact support with the request_id.');
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
