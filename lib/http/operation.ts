import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import type { z } from 'zod';
import type { Caller } from '../auth/caller';
import { ApiError, parseOrRefuse } from '../errors';
import type { WriteSet } from '../store/write-set';
import type { Contract } from './core/contract';
import { toProxyResult } from './core/proxy-result';
import { queryOf } from './core/query';
import type { ApiContext, ApiResponse, Handler, RequestState } from './core/types';
import { httpHandler, type ChainOptions } from './handler';
import { apiKeyAuth } from './middleware/api-key-auth';
import { apiVersion } from './middleware/api-version';
import { idempotency } from './middleware/idempotency';
import { jsonBody } from './middleware/json-body';
import { rawBody } from './middleware/raw-body';

/** What an operation is handed: its validated input, what the chain learned, and the raw event. */
export interface OperationRequest<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  state: RequestState;
  event: APIGatewayProxyEvent;
}

/** A partner's request also names its caller, and can seal its response into the change's transaction. */
export interface PartnerRequest<P, Q, B> extends OperationRequest<P, Q, B> {
  caller: Caller;
  /**
   * Idempotent operations that write: put the response into the same transaction as the change
   * (`seal(ws, response)` before `commit(ws)`), so a retry can never run the change twice. A no-op
   * when the request has no Idempotency-Key.
   */
  sealResponse: (ws: WriteSet, response: ApiResponse) => void;
}

type Input<S extends z.ZodType> = z.output<S>;

/**
 * The operation every chain ends in: the sandbox guard, an Idempotency-Key replay answered as first
 * given, the path, query and body validated by the contract's schemas, then `handle`, whose answer
 * becomes the proxy result. Without a body schema the operation gets what the body middleware read.
 */
export function operationCore<C extends ApiContext, R>(contract: Omit<Contract, 'audience'>, handle: (request: R, context: C) => Promise<ApiResponse>) {
  return async (event: APIGatewayProxyEvent, context: C): Promise<APIGatewayProxyResult> => {
    const state = context.state;
    if (contract.testModeOnly && state.caller?.scope.mode !== 'test') {
      throw new ApiError('test_mode_only', 'Sandbox endpoints work with test keys (svc_test_…) only.');
    }
    const replay = state.idempotency?.replay;
    if (replay) return { ...replay, headers: { ...replay.headers } };
    const params = contract.params ? parseOrRefuse(contract.params, event.pathParameters ?? {}, 'path') : {};
    const query = contract.query ? parseOrRefuse(contract.query, queryOf(event), 'query string') : {};
    const body = contract.body ? parseOrRefuse(contract.body, state.body ?? {}, 'body') : state.body;
    const sealResponse = (ws: WriteSet, response: ApiResponse) => state.idempotency?.seal(ws, toProxyResult(response));
    const request = { caller: state.caller, params, query, body, state, event, sealResponse };
    return toProxyResult(await handle(request as R, context));
  };
}

/** The partner API's chain for a contract: key, rate limit and scope → version → body → Idempotency-Key. */
export function partnerChain(contract: Omit<Contract, 'audience'>): ChainOptions {
  return {
    beforeBody: [apiKeyAuth({ scope: contract.scope }), apiVersion()],
    body: contract.face === 'raw' ? rawBody() : jsonBody({ maxBytes: contract.maxBodyBytes }),
    afterBody: contract.idempotent ? [idempotency()] : [],
  };
}

/** Keyless routes (OpenAPI, the error reference, status links): request id, error envelope and common headers only. */
export const publicChain: ChainOptions = { body: false };

type PartnerDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = Omit<Contract<P, Q, B>, 'audience'> & {
  audience?: 'partner';
  handle: (request: PartnerRequest<Input<P>, Input<Q>, Input<B>>) => Promise<ApiResponse>;
};
type PublicDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = Omit<Contract<P, Q, B>, 'audience'> & {
  audience: 'public';
  handle: (request: OperationRequest<Input<P>, Input<Q>, Input<B>>) => Promise<ApiResponse>;
};

/**
 * A partner-API or public operation as a Lambda handler: its contract (lib/routes/) and its `handle`.
 * Handlers in functions/ are one call of this: `apiOperation({ ...contract, handle })`.
 */
export function apiOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(def: PublicDef<P, Q, B>): Handler;
export function apiOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(def: PartnerDef<P, Q, B>): Handler;
export function apiOperation(def: PartnerDef<z.ZodType, z.ZodType, z.ZodType> | PublicDef<z.ZodType, z.ZodType, z.ZodType>): Handler {
  const options = def.audience === 'public' ? publicChain : partnerChain(def);
  return httpHandler(operationCore(def, def.handle as (request: unknown) => Promise<ApiResponse>), options);
}
