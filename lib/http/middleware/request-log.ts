import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { isLogged, requestLogEntry } from '../../request-log/entry';
import { addRequestLog, deleteRequestLog, putRequestLog, putRequestLogIfKeyHolds } from '../../request-log/store';
import type { RequestLogRecord } from '../../resources/request-log';
import { type ApiError, errorEnvelope } from '../../errors';
import { logger } from '../../observability/logger';
import { cachedPartner } from '../../partners/partner';
import { CURRENT_VERSION, isKnownVersion } from '../../versioning/versions';
import type { Mode, Scope } from '../../scope';
import { queryOf } from '../core/query';
import { sentIdempotencyKey } from './idempotency';
import { header, type ApiMiddyRequest, type Middleware, type RequestState } from '../core/types';

/**
 * The request log (docs/decisions.md, "The request log"): every POST and every answer of 400 or more
 * (but 429 and unknown keys) is recorded for 7 days, bodies redacted, without a round trip of its own:
 * - an operation that commits a transaction puts the entry into it (`sealResponse`, through
 *   `state.requestLog.ride`): the entry commits with the change, or not at all;
 * - otherwise the entry is one PutItem started when the answer is known and awaited together with the
 *   answer's other trailing writes (the Idempotency-Key's completion or release) at the chain's end
 *   (`state.trailingWrites`, awaited by the request-state middleware).
 * - a refusal the request's own input decides (its body, path or query: `refusal`), on a process that
 *   has seen the key before, is written AHEAD, in the same round trip as the key's read: the entry in
 *   one transaction with a check that the key holds (`putRequestLogIfKeyHolds`). Once the answer is
 *   known, an entry that matches it is kept as written; another answer is put over it, and an answer
 *   that is not logged (a 429) removes it: a rare extra write, and none during a flood, since nothing
 *   is written ahead while the key's last count left no room (docs/decisions.md, "The request log").
 * Placed between the headers and the error envelope, so that on a failure it sees the envelope.
 * A log write that fails is logged and the answer goes out regardless: the log never costs an answer.
 */
export function requestLog(
  options: { refusal?: (event: APIGatewayProxyEvent, mode: Mode, state: RequestState) => ApiError | undefined } = {},
): Middleware {
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
        foresee: options.refusal && ((seen) => writeAhead(request, seen, options.refusal!)),
      };
    },
    after: (request) => record(request, false),
    onError: (request) => record(request, true),
  };
}

function record(request: ApiMiddyRequest, failed: boolean): void {
  const state = request.context.state;
  const response = request.response;
  if (state?.presentedKeyHash) rememberRoom(state.presentedKeyHash, state.rateLimitHeaders);
  if (!state || !response) return;
  // Committed in the operation's own transaction, and that answer is the one going out.
  if (!failed && state.requestLog?.rode === response.statusCode) return;
  // No caller: the key was refused, or its count ran out (429); neither is logged.
  const entry = state.caller ? entryOf(request, response) : undefined;
  const ahead = state.requestLog?.ahead;
  if (!entry && !ahead) return;
  const settle = async () => {
    const written = ahead ? await ahead.written.catch(() => false) : false;
    if (written && entry && sameAnswer(ahead!.entry, entry)) return;
    if (entry) await putRequestLog(state.caller!.scope, entry);
    else if (written) await deleteRequestLog(ahead!.scope, ahead!.entry.id);
  };
  state.trailingWrites.push(
    settle().catch((error) => logger.warn('a request could not be written to the request log', { error: error as Error })),
  );
}

/** Whether the entry written ahead records the answer that went out (its timing aside). */
function sameAnswer(ahead: RequestLogRecord, final: RequestLogRecord): boolean {
  const { duration_ms: _a, ...a } = ahead;
  const { duration_ms: _b, ...b } = final;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Keys' last counts, by secret hash: whether the last request left room under the burst limit. */
const roomLeft = new Map<string, boolean>();
const ROOM_KEPT = 1_000;

/** Remember whether the key's count just left room: nothing is written ahead while it does not. */
function rememberRoom(secretHash: string, rateLimitHeaders: Record<string, string> | undefined): void {
  const remaining = Number(rateLimitHeaders?.['RateLimit-Remaining'] ?? 0);
  roomLeft.delete(secretHash);
  roomLeft.set(secretHash, remaining > 1);
  if (roomLeft.size > ROOM_KEPT) roomLeft.delete(roomLeft.keys().next().value as string);
}

/**
 * The refusal this request's own input decides, written ahead beside the key's read, when everything
 * its entry names is known without a read: the key seen before (partner, mode, id), the version (the
 * header, or the partner's default as this process keeps it), no Idempotency-Key (its release carries
 * the entry already) and room left under the key's limit.
 */
function writeAhead(
  request: ApiMiddyRequest,
  seen: { scope: Scope; keyId: string; secretHash: string },
  refusal: (event: APIGatewayProxyEvent, mode: Mode, state: RequestState) => ApiError | undefined,
): void {
  const state = request.context.state;
  const { event } = request;
  if (roomLeft.get(seen.secretHash) !== true || header(event, 'idempotency-key') !== undefined) return;
  const asked = header(event, 'service-version')?.trim();
  const version = asked !== undefined ? (isKnownVersion(asked) ? asked : undefined) : cachedPartner(seen.scope.partnerId)?.api_version;
  if (!version) return;
  const error = refusal(event, seen.scope.mode, state);
  if (!error) return;
  const body = JSON.stringify(errorEnvelope(error, state.requestId));
  const entry = exchangeEntry(request, { statusCode: error.status, body }, { version, keyId: seen.keyId });
  if (!entry) return;
  const written = putRequestLogIfKeyHolds(seen.scope, entry, seen.secretHash);
  written.catch(() => undefined); // settled at the chain's end (`record`)
  state.requestLog!.ahead = { scope: seen.scope, entry, written };
}

/** The log entry of this request with `result` as its answer; undefined when it is not logged. */
function entryOf(request: ApiMiddyRequest, result: APIGatewayProxyResult): RequestLogRecord | undefined {
  const state = request.context.state;
  if (!state.caller) return undefined;
  return exchangeEntry(request, result, { version: state.version ?? CURRENT_VERSION, keyId: state.caller.key.id });
}

function exchangeEntry(
  request: ApiMiddyRequest,
  result: Pick<APIGatewayProxyResult, 'statusCode' | 'body'>,
  caller: { version: string; keyId: string },
): RequestLogRecord | undefined {
  const { event } = request;
  const state = request.context.state;
  if (!isLogged(event.httpMethod, result.statusCode, true)) return undefined;
  return requestLogEntry({
    requestId: state.requestId,
    method: event.httpMethod,
    path: event.path,
    query: queryOf(event),
    requestBody: loggedRequestText(request),
    status: result.statusCode,
    responseBody: result.body,
    apiVersion: caller.version,
    idempotencyKey: sentIdempotencyKey(event),
    keyId: caller.keyId,
    sourceIp: state.sourceIp,
    receivedAt: state.receivedAt,
    answeredAt: new Date(),
  });
}

/** A JSON body as sent; of any other body (a multipart upload) only what it was. */
function loggedRequestText(request: ApiMiddyRequest): string | undefined {
  const { body, isBase64Encoded } = request.event;
  if (!body) return undefined;
  const type = header(request.event, 'content-type') ?? '';
  if (!isBase64Encoded && /json/i.test(type)) return body;
  const bytes = isBase64Encoded ? Buffer.from(body, 'base64').length : Buffer.byteLength(body);
  return JSON.stringify(`[${type.split(';')[0] || 'unknown'} body of ${bytes} bytes, not kept]`);
}
