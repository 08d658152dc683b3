import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { ApiError, errorEnvelope as envelope } from '../../errors';
import { logger } from '../../observability/logger';
import { CommitContention } from '../../store/commit';
import { isTransientStoreError } from '../../store/transient';
import type { ApiContext } from '../core/types';

/**
 * Turns anything thrown into the spec's error envelope. An ApiError keeps its code; anything else is
 * logged and answered `api_error` (500) with no internals in it. A response already set is left alone.
 * DynamoDB refusing for a passing reason (throttled after the SDK's retries, a conflicting transaction)
 * is also `api_error` 500, with `Retry-After`: the client retries, with its Idempotency-Key
 * (docs/decisions.md, "Proof": why 500 and not 503).
 */
export function errorEnvelope(): MiddlewareObj<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext> {
  return {
    name: 'errorEnvelope',
    onError: (request) => {
      if (request.response) return;
      const state = request.context.state;
      let error = request.error;
      if (error instanceof CommitContention) {
        // Nothing was written; the same request (with its Idempotency-Key) will succeed once the burst drains.
        error = new ApiError('api_error', 'Too many concurrent changes for this account right now; nothing was written. Retry after the Retry-After delay.', undefined, { 'Retry-After': '1' });
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
