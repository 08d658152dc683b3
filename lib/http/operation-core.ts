import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { Caller } from '../auth/caller';
import { parseOrRefuse } from '../errors';
import type { WriteSet } from '../store/write-set';
import type { Scope } from '../scope';
import type { Contract } from './core/contract';
import { toProxyResult } from './core/proxy-result';
import { addAnswerToTransaction } from './answer-in-transaction';
import { queryOf } from './core/query';
import type { ApiContext, ApiResponse, RequestState } from './core/types';

/** What an operation is handed: its validated input, what the chain learned, and the raw event. */
export interface OperationRequest<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  state: RequestState;
  event: APIGatewayProxyEvent;
}

/** A partner's request also names its caller, and can put its response into the change's transaction. */
export interface PartnerRequest<P, Q, B> extends OperationRequest<P, Q, B> {
  caller: Caller;
  /**
   * Operations that write: put the response into the same transaction as the change (before
   * `commit(ws)`): the Idempotency-Key's completion and the request log's entry
   * (lib/http/answer-in-transaction.ts).
   */
  answerInTransaction: (ws: WriteSet, response: ApiResponse) => void;
}

/**
 * What a request's parameters need beyond the route's scope (an `expand[]` value's read scope): run
 * before `handle`, and before an Idempotency-Key's replay is answered, so a replay shows a key no
 * more than the request itself would.
 */
export type Authorize = (request: { caller: Caller; params: unknown; query: unknown }) => void;

/**
 * The operation every chain ends in: an Idempotency-Key replay answered as first
 * given, the path, query and body validated by the contract's schemas, then `handle`, whose answer
 * becomes the proxy result. Without a body schema the operation gets what the body middleware read.
 */
export function operationCore<C extends ApiContext, R>(
  contract: Omit<Contract, 'audience'>,
  handle: (request: R, context: C) => Promise<ApiResponse>,
  authorize?: Authorize,
) {
  return async (event: APIGatewayProxyEvent, context: C): Promise<APIGatewayProxyResult> => {
    const state = context.state;
    const replay = state.idempotency?.replay;
    if (replay) {
      // A replay is answered only to a key that may see what it holds (another key's
      // `expand[]=account` answer to a key without accounts:read). Its body was validated the first time.
      if (authorize && state.caller) {
        const params = contract.params ? parseOrRefuse(contract.params, event.pathParameters ?? {}, 'path') : {};
        const query = contract.query ? parseOrRefuse(contract.query, queryOf(event), 'query string') : {};
        authorize({ caller: state.caller, params, query });
      }
      return { ...replay, headers: { ...replay.headers } };
    }
    const { params, query, body } = operationInput(contract, event, state.body);
    if (authorize && state.caller) authorize({ caller: state.caller, params, query });
    const answerInTransaction = (ws: WriteSet, response: ApiResponse) => addAnswerToTransaction(ws, event, state, toProxyResult(response));
    const prefetched = state.prefetch && sameScope(state.prefetch.scope, state.caller?.scope) ? state.prefetch.read : undefined;
    const request = { caller: state.caller, params, query, body, state, event, answerInTransaction, prefetched };
    return toProxyResult(await handle(request as R, context));
  };
}

/**
 * The path, query and body as the contract's schemas read them, or the `invalid_request` that refuses
 * them.
 */
export function operationInput(contract: Omit<Contract, 'audience'>, event: APIGatewayProxyEvent, parsedBody: unknown) {
  const params = contract.params ? parseOrRefuse(contract.params, event.pathParameters ?? {}, 'path') : {};
  const query = contract.query ? parseOrRefuse(contract.query, queryOf(event), 'query string') : {};
  // No body is `{}`; a body of JSON `null` is a value that is not an object, refused as `1` or `[]` are
  // (docs/decisions.md, "Hostile input at the edges").
  const body = contract.body ? parseOrRefuse(contract.body, parsedBody === undefined ? {} : parsedBody, 'body') : parsedBody;
  return { params, query, body };
}

/** The prefetched read counts only for the scope the key, once authenticated, really has. */
function sameScope(a: Scope, b: Scope | undefined): boolean {
  return b !== undefined && a.partnerId === b.partnerId && a.mode === b.mode;
}
