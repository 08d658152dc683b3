import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { isLogged, requestLogEntry } from '../../request-log/entry';
import { putRequestLog } from '../../store/entities/request-log-entry';
import type { RequestLogRecord } from '../../resources/request-log';
import { logger } from '../../observability/logger';
import { CURRENT_VERSION } from '../../versioning/versions';
import { queryOf } from '../core/query';
import { sentIdempotencyKey } from './idempotency';
import { header, type ApiMiddyRequest, type Middleware, type RequestState } from '../core/types';
import { realNow } from '../../clock';

/**
 * The request log (docs/decisions.md, "The request log"): every POST and every answer of 400 or more
 * (but 429 and unknown keys) is recorded for 7 days, bodies redacted, as ONE entry:
 * - an operation that commits a transaction puts the entry into it with its answer
 *   (lib/http/answer-in-transaction.ts, `state.answerCommitted`): the entry commits with the change;
 * - otherwise, when the answer is made, one PutItem, awaited with the answer's other trailing writes
 *   (the Idempotency-Key's completion or release) at the chain's end (`state.trailingWrites`). A
 *   refused request pays that write.
 * Placed between the headers and the error envelope, so that on a failure it sees the envelope. It
 * reads what the key's check wrote (`state.caller`), and writes nothing into the request's state.
 * A log write that fails is logged and the answer goes out regardless: the log never costs an answer.
 */
export function requestLog(): Middleware {
  return {
    name: 'requestLog',
    after: (request) => record(request, false),
    onError: (request) => record(request, true),
  };
}

function record(request: ApiMiddyRequest, failed: boolean): void {
  const state = request.context.state;
  const response = request.response;
  if (!state || !response) return;
  // Committed in the operation's own transaction, and that answer is the one going out.
  if (!failed && state.answerCommitted === response.statusCode) return;
  const entry = requestLogEntryOf(request.event, state, response);
  if (!entry) return;
  state.trailingWrites.push(
    putRequestLog(state.caller!.scope, entry).catch((error) =>
      logger.warn('a request could not be written to the request log', { error: error as Error }),
    ),
  );
}

/**
 * The log entry of this request with `result` as its answer; undefined when it is not logged (no
 * caller: the key was refused, or its count ran out with a 429; or an answer the log leaves out).
 */
export function requestLogEntryOf(
  event: APIGatewayProxyEvent,
  state: RequestState,
  result: Pick<APIGatewayProxyResult, 'statusCode' | 'body'>,
): RequestLogRecord | undefined {
  if (!state.caller || !isLogged(event.httpMethod, result.statusCode, true)) return undefined;
  return requestLogEntry({
    requestId: state.requestId,
    method: event.httpMethod,
    path: event.path,
    query: queryOf(event),
    requestBody: loggedRequestText(event),
    status: result.statusCode,
    responseBody: result.body,
    apiVersion: state.version ?? CURRENT_VERSION,
    idempotencyKey: sentIdempotencyKey(event),
    keyId: state.caller.key.id,
    sourceIp: state.sourceIp,
    receivedAt: state.receivedAt,
    answeredAt: realNow(),
  });
}

/** A JSON body as sent; of any other body (a multipart upload) only what it was. */
function loggedRequestText(event: APIGatewayProxyEvent): string | undefined {
  const { body, isBase64Encoded } = event;
  if (!body) return undefined;
  const type = header(event, 'content-type') ?? '';
  if (!isBase64Encoded && /json/i.test(type)) return body;
  const bytes = isBase64Encoded ? Buffer.from(body, 'base64').length : Buffer.byteLength(body);
  return JSON.stringify(`[${type.split(';')[0] || 'unknown'} body of ${bytes} bytes, not kept]`);
}
