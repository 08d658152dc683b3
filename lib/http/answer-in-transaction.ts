import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { completeKeyInTransaction, storable } from '../idempotency/records';
import { addRequestLog } from '../store/entities/request-log-entry';
import type { WriteSet } from '../store/write-set';
import type { RequestState } from './core/types';
import { requestLogEntryOf } from './middleware/request-log';

/**
 * An operation that writes puts its answer into the same transaction as its change: the
 * Idempotency-Key's completion with the response to replay (so a retry can never run the change
 * twice) and the request log's entry (so logging costs no write of its own). It notes the answer's
 * status in `state.answerCommitted`, where the idempotency and request-log middlewares read that
 * there is nothing left for them to write.
 */
export function addAnswerToTransaction(
  ws: WriteSet,
  event: APIGatewayProxyEvent,
  state: RequestState,
  result: APIGatewayProxyResult,
): void {
  if (state.idempotency && state.caller)
    completeKeyInTransaction(ws, state.caller.scope, state.idempotency.key, state.requestId, storable(result));
  const entry = requestLogEntryOf(event, state, result);
  if (entry) addRequestLog(ws, entry);
  state.answerCommitted = result.statusCode;
}
