import type { z } from 'zod';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Scope } from '../scope';
import type { Contract } from './core/contract';
import type { ApiResponse, Handler, RequestState } from './core/types';
import { httpHandler, type ChainOptions } from './handler';
import { apiKeyAuth } from './middleware/api-key-auth';
import { apiVersion } from './middleware/api-version';
import { idempotency, idempotencyKeyShape } from './middleware/idempotency';
import { jsonBody, parseJsonBody } from './middleware/json-body';
import { rawBody } from './middleware/raw-body';
import { requestLog } from './middleware/request-log';
import { operationCore, operationInput, type PartnerRequest } from './operation-core';
import { ApiError } from '../errors';
import type { Mode } from '../scope';
import type { ReadBatch } from '../store/read-batch';

/**
 * The partner API's chain for a contract: the request log around the error envelope; key, rate limit
 * and scope → version → body → Idempotency-Key, its writes bounded by the request's deadline.
 */
export function partnerChain(contract: Omit<Contract, 'audience'>, early?: EarlyRead<unknown, unknown>, refuse?: Refuse): ChainOptions {
  const earlyRead =
    early &&
    ((scope: Scope, event: APIGatewayProxyEvent, batch: ReadBatch) => {
      const params = contract.params ? contract.params.safeParse(event.pathParameters ?? {}) : { success: true as const, data: {} };
      return params.success ? early(scope, params.data, batch) : undefined;
    });
  return {
    deadline: true,
    record: requestLog({
      refusal: contract.face === 'raw' ? undefined : (event, mode, state) => inputRefusal(contract, refuse, event, mode, state),
    }),
    beforeBody: [apiKeyAuth({ scope: contract.scope, early: earlyRead, testModeOnly: contract.testModeOnly }), apiVersion()],
    body: contract.face === 'raw' ? rawBody() : jsonBody({ maxBytes: contract.maxBodyBytes, schema: contract.body }),
    afterBody: contract.idempotent ? [idempotency()] : contract.checksIdempotencyKey ? [idempotencyKeyShape()] : [],
  };
}

/**
 * The refusal the request's own input decides (its body, path or query, by the operation's own
 * schemas, then the operation's `refuse`), read ahead of the key's check for the request log
 * (lib/http/middleware/request-log.ts); input that passes is kept for the operation, so it is read once.
 */
function inputRefusal(
  contract: Omit<Contract, 'audience'>,
  refuse: Refuse | undefined,
  event: APIGatewayProxyEvent,
  mode: Mode,
  state: RequestState,
): ApiError | undefined {
  if (contract.testModeOnly && mode !== 'test') return undefined; // refused for its mode first
  try {
    const parsed = parseJsonBody(event, contract.maxBodyBytes, contract.body);
    const input = operationInput(contract, event, parsed);
    state.input = input;
    state.body = parsed;
    return refuse?.({ query: input.query, body: input.body, event });
  } catch (error) {
    return error instanceof ApiError ? error : undefined;
  }
}

/**
 * An operation's own first read (`early` below). Reads by key through `batch` ride in the key's
 * own request (one BatchGetItem); other reads go out beside it.
 */
type EarlyRead<P, E> = (scope: Scope, params: P, batch: ReadBatch) => Promise<E>;

/** An operation's own refusal that its validated input decides without a read (`refuse` below). */
type Refuse = (input: { query: unknown; body: unknown; event: APIGatewayProxyEvent }) => ApiError | undefined;

type PartnerDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, E> = Omit<Contract<P, Q, B>, 'audience'> & {
  audience?: 'partner';
  /**
   * The operation's own first read, when it needs only the caller's scope and the path: the chain
   * starts it at the same moment as the key's read, for the scope that key had when this process last
   * saw it, and hands it to `handle` as `early` only if the key, authenticated, has that very scope
   * (docs/decisions.md, "Round trips of a request"). Otherwise `early` is undefined: read then.
   */
  early?: EarlyRead<z.output<P>, E>;
  /**
   * The refusal the operation's validated input decides without a read, by the very function the
   * operation refuses with: known before the key's read, its request log entry is written beside it
   * (docs/decisions.md, "The request log"). Undefined: nothing to refuse that can be told without a read.
   */
  refuse?: (input: { query: z.output<Q>; body: z.output<B>; event: APIGatewayProxyEvent }) => ApiError | undefined;
  handle: (request: PartnerRequest<z.output<P>, z.output<Q>, z.output<B>> & { early?: Promise<E> }) => Promise<ApiResponse>;
};
/**
 * A partner-API operation as a Lambda handler: its contract (lib/routes/) and its `handle`, on the one
 * chain builder with the partner API's parts. Handlers in functions/ are one call of this:
 * `apiOperation({ ...contract, handle })`.
 */
export function apiOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, E = never>(
  def: PartnerDef<P, Q, B, E>,
): Handler {
  return httpHandler(
    operationCore(def, def.handle as (request: unknown) => Promise<ApiResponse>),
    partnerChain(def, def.early as EarlyRead<unknown, unknown> | undefined, def.refuse as Refuse | undefined),
  );
}
