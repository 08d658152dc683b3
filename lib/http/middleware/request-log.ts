import type { APIGatewayProxyResult } from 'aws-lambda';
import { isLogged, requestLogEntry } from '../../request-log/entry';
import { addRequestLog, putRequestLog } from '../../request-log/store';
import type { RequestLogRecord } from '../../resources/request-log';
import { logger } from '../../observability/logger';
import { CURRENT_VERSION } from '../../versioning/versions';
import { queryOf } from '../core/query';
import { header, type ApiMiddyRequest, type Middleware } from '../core/types';

/**
 * The request log (docs/decisions.md, "The request log"): every POST and every answer of 400 or more
 * (but 429 and unknown keys) is recorded for 7 days, bodies redacted, without a round trip of its own:
 * - an operation that commits a transaction puts the entry into it (`sealResponse`, through
 *   `state.requestLog.ride`): the entry commits with the change, or not at all;
 * - otherwise the entry is one PutItem started when the answer is known and awaited together with the
 *   answer's other trailing writes (the Idempotency-Key's completion or release) at the chain's end
 *   (`state.trailingWrites`, awaited by the request-state middleware).
 * Placed between the headers and the error envelope, so that on a failure it sees the envelope.
 * A log write that fails is logged and the answer goes out regardless: the log never costs an answer.
 */
export function requestLog(): Middleware {
  return {
    name: 'requestLog',
    before: (request) => {
      const state = request.context.state;
      state.requestLog = {
        ride: (ws, result) => {
          const entry = entryOf(request, result);
          if (!entry) return;
          addRequestLog(ws, entry);
          state.requestLog!.rode = result.statusCode;
        },
      };
    },
    after: (request) => record(request, false),
    onError: (request) => record(request, true),
  };
}

function record(request: ApiMiddyRequest, failed: boolean): void {
  const state = request.context.state;
  const response = request.response;
  if (!state?.caller || !response) return;
  // Committed in the operation's own transaction, and that answer is the one going out.
  if (!failed && state.requestLog?.rode === response.statusCode) return;
  const entry = entryOf(request, response);
  if (!entry) return;
  const scope = state.caller.scope;
  state.trailingWrites.push(
    putRequestLog(scope, entry).catch((error) =>
      logger.warn('a request could not be written to the request log', { error: error as Error }),
    ),
  );
}

/** The log entry of this request with `result` as its answer; undefined when it is not logged. */
function entryOf(request: ApiMiddyRequest, result: APIGatewayProxyResult): RequestLogRecord | undefined {
  const { event } = request;
  const state = request.context.state;
  if (!state.caller || !isLogged(event.httpMethod, result.statusCode, true)) return undefined;
  return requestLogEntry({
    requestId: state.requestId,
    method: event.httpMethod,
    path: event.path,
    query: queryOf(event),
    requestBody: keptRequestText(request),
    status: result.statusCode,
    responseBody: result.body,
    apiVersion: state.version ?? CURRENT_VERSION,
    idempotencyKey: state.idempotency?.key,
    keyId: state.caller.key.id,
    sourceIp: state.sourceIp,
    receivedAt: state.receivedAt,
    answeredAt: new Date(),
  });
}

/** A JSON body as sent; of any other body (a multipart upload) only what it was. */
function keptRequestText(request: ApiMiddyRequest): string | undefined {
  const { body, isBase64Encoded } = request.event;
  if (!body) return undefined;
  const type = header(request.event, 'content-type') ?? '';
  if (!isBase64Encoded && /json/i.test(type)) return body;
  const bytes = isBase64Encoded ? Buffer.from(body, 'base64').length : Buffer.byteLength(body);
  return JSON.stringify(`[${type.split(';')[0] || 'unknown'} body of ${bytes} bytes, not kept]`);
}
