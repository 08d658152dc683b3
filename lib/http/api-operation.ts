import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { z } from 'zod';
import type { ScopeName } from '../auth/scopes';
import { ApiError, parseOrRefuse } from '../errors';
import { requestState } from './middleware/request-state';
import { responseHeaders } from './middleware/response-headers';
import { errorEnvelope } from './middleware/error-envelope';
import { apiKeyAuth } from './middleware/api-key-auth';
import { apiVersion } from './middleware/api-version';
import { jsonBody } from './middleware/json-body';
import { idempotency } from './middleware/idempotency';
import type { WriteSet } from '../store/write-set';
import { withDeadline } from '../store/deadline';
import { queryOf } from './query';
import type { ApiContext, ApiResponse, RequestState } from './types';
import type { Caller } from '../auth/caller';

export interface OperationRequest<P, Q, B> {
  caller: Caller;
  params: P;
  query: Q;
  body: B;
  state: RequestState;
  event: APIGatewayProxyEvent;
  /**
   * Idempotent operations that write: put the response into the same transaction as the change
   * (`seal(ws, response)` before `commit(ws)`), so a retry can never run the change twice. A no-op
   * when the request has no Idempotency-Key.
   */
  sealResponse: (ws: WriteSet, response: ApiResponse) => void;
}

export interface OperationDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> {
  /** The scope a key must hold (lib/auth/scopes.ts); none: any valid key. */
  scope?: ScopeName;
  params?: P;
  query?: Q;
  body?: B;
  maxBodyBytes?: number;
  /** Sandbox endpoints: a live key is refused with `test_mode_only`. */
  testModeOnly?: boolean;
  /** Honour `Idempotency-Key` (every POST that creates or changes something). */
  idempotent?: boolean;
  handle: (request: OperationRequest<z.output<P>, z.output<Q>, z.output<B>>) => Promise<ApiResponse>;
}

type Handler = (event: APIGatewayProxyEvent, context: import('aws-lambda').Context) => Promise<APIGatewayProxyResult>;

/**
 * One partner-API operation as a Lambda handler: the middy chain of DESIGN.md (request id → auth and
 * rate limit → version → body → validation → operation → error envelope and common headers).
 * Handlers in functions/ are one call of this.
 */
export function apiOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(def: OperationDef<P, Q, B>): Handler {
  const core = async (event: APIGatewayProxyEvent, context: ApiContext): Promise<APIGatewayProxyResult> => {
    const state = context.state;
    const caller = state.caller!;
    if (def.testModeOnly && caller.scope.mode !== 'test') {
      throw new ApiError('test_mode_only', 'Sandbox endpoints work with test keys (svc_test_…) only.');
    }
    if (state.idempotency?.replay) return { ...state.idempotency.replay, headers: { ...state.idempotency.replay.headers } };
    const params = def.params ? parseOrRefuse(def.params, event.pathParameters ?? {}, 'path') : {};
    const query = def.query ? parseOrRefuse(def.query, queryOf(event), 'query string') : {};
    const body = def.body ? parseOrRefuse(def.body, state.body ?? {}, 'body') : undefined;
    const sealResponse = (ws: WriteSet, response: ApiResponse) => state.idempotency?.seal(ws, toProxyResult(response));
    const response = await def.handle({ caller, params, query, body, state, event, sealResponse } as never);
    return toProxyResult(response);
  };
  const chain = middy<APIGatewayProxyEvent, APIGatewayProxyResult, Error, ApiContext>(core)
    .use(requestState())
    .use(responseHeaders())
    .use(errorEnvelope())
    .use(apiKeyAuth({ scope: def.scope }))
    .use(apiVersion())
    .use(jsonBody({ maxBytes: def.maxBodyBytes }));
  if (def.idempotent) chain.use(idempotency());
  // Writes retry and wait under contention only until then, so the answer goes out in time.
  return (event, context) => withDeadline(Date.now() + (context?.getRemainingTimeInMillis?.() ?? API_GATEWAY_LIMIT_MS) - ANSWER_MARGIN_MS, () => (chain as unknown as Handler)(event, context));
}

/** API Gateway's integration limit, for a caller that passes no Lambda context. */
const API_GATEWAY_LIMIT_MS = 29_000;
/** Kept back from the Lambda's remaining time for whatever follows the operation (sealing, headers, answer). */
const ANSWER_MARGIN_MS = 3_000;

export function toProxyResult(response: ApiResponse): APIGatewayProxyResult {
  if (response.text !== undefined) {
    return { statusCode: response.status, headers: { 'Content-Type': 'text/html; charset=utf-8', ...response.headers }, body: response.text };
  }
  const hasBody = response.body !== undefined && response.status !== 304 && response.status !== 204;
  return {
    statusCode: response.status,
    headers: { ...(hasBody ? { 'Content-Type': 'application/json' } : {}), ...response.headers },
    body: hasBody ? JSON.stringify(response.body) : '',
  };
}
