import type { z } from 'zod';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { Scope } from '../scope';
import type { Contract } from './core/contract';
import type { ApiResponse, Handler } from './core/types';
import { httpHandler, type ChainOptions } from './handler';
import { apiKeyAuth } from './middleware/api-key-auth';
import { apiKeyRateLimit } from './middleware/api-key-rate-limit';
import { apiKeyScope } from './middleware/api-key-scope';
import { sandboxClock } from './middleware/sandbox-clock';
import { apiVersion } from './middleware/api-version';
import { idempotency, idempotencyKeyShape } from './middleware/idempotency';
import { jsonBody } from './middleware/json-body';
import { rawBody } from './middleware/raw-body';
import { requestLog } from './middleware/request-log';
import { otherModeHint } from './middleware/other-mode-hint';
import { type Authorize, operationCore, type PartnerRequest } from './operation-core';
import type { ReadBatch } from '../store/read-batch';

/**
 * The partner API's chain for a contract: the request log around the error envelope; the key (its
 * authentication, rate limit, scope and, for a test key, its clock) → version → body →
 * Idempotency-Key, its writes bounded by the request's deadline.
 */
export function partnerChain(contract: Omit<Contract, 'audience'>, prefetch?: Prefetch<unknown, unknown>): ChainOptions {
  const prefetchForScope =
    prefetch &&
    ((scope: Scope, event: APIGatewayProxyEvent, batch: ReadBatch) => {
      const params = contract.params ? contract.params.safeParse(event.pathParameters ?? {}) : { success: true as const, data: {} };
      return params.success ? prefetch(scope, params.data, batch) : undefined;
    });
  return {
    deadline: true,
    record: requestLog(),
    // otherModeHint first: its onError runs after the operation's and before the envelope's.
    beforeBody: [
      otherModeHint(),
      apiKeyAuth({ prefetch: prefetchForScope }),
      apiKeyRateLimit(),
      apiKeyScope({ scope: contract.scope, testModeOnly: contract.testModeOnly }),
      sandboxClock(),
      apiVersion(),
    ],
    body: contract.face === 'raw' ? rawBody() : jsonBody({ maxBytes: contract.maxBodyBytes, schema: contract.body }),
    afterBody: contract.idempotent ? [idempotency()] : contract.checksIdempotencyKey ? [idempotencyKeyShape()] : [],
  };
}

/**
 * An operation's prefetched read (`prefetch` below): reads by key through `batch` go in the key's own
 * request (one BatchGetItem); other reads go out beside it.
 */
type Prefetch<P, E> = (scope: Scope, params: P, batch: ReadBatch) => Promise<E>;

type PartnerDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, E> = Omit<Contract<P, Q, B>, 'audience'> & {
  audience?: 'partner';
  /**
   * The operation's own first read, when it needs only the caller's scope and the path: the chain
   * starts it at the same moment as the key's read, for the scope that key had when this process last
   * saw it, and hands it to `handle` as `prefetched` only if the key, authenticated, has that very
   * scope (docs/decisions.md, "Round trips of a request"). Otherwise `prefetched` is undefined: read
   * then.
   */
  prefetch?: Prefetch<z.output<P>, E>;
  /** Checks of the parameters beyond the route's scope, before `handle` and before a replay (lib/http/operation-core.ts). */
  authorize?: (request: { caller: PartnerRequest<unknown, unknown, unknown>['caller']; params: z.output<P>; query: z.output<Q> }) => void;
  handle: (request: PartnerRequest<z.output<P>, z.output<Q>, z.output<B>> & { prefetched?: Promise<E> }) => Promise<ApiResponse>;
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
    operationCore(def, def.handle as (request: unknown) => Promise<ApiResponse>, def.authorize as Authorize | undefined),
    partnerChain(def, def.prefetch as Prefetch<unknown, unknown> | undefined),
  );
}
