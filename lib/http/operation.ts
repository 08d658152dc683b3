import type { z } from 'zod';
import type { Contract } from './core/contract';
import type { ApiResponse, Handler } from './core/types';
import { httpHandler, type ChainOptions } from './handler';
import { apiKeyAuth } from './middleware/api-key-auth';
import { apiVersion } from './middleware/api-version';
import { idempotency } from './middleware/idempotency';
import { jsonBody } from './middleware/json-body';
import { rawBody } from './middleware/raw-body';
import { requestLog } from './middleware/request-log';
import { operationCore, type PartnerRequest } from './operation-core';

/**
 * The partner API's chain for a contract: the request log around the error envelope; key, rate limit
 * and scope → version → body → Idempotency-Key, its writes bounded by the request's deadline.
 */
export function partnerChain(contract: Omit<Contract, 'audience'>): ChainOptions {
  return {
    deadline: true,
    record: requestLog(),
    beforeBody: [apiKeyAuth({ scope: contract.scope }), apiVersion()],
    body: contract.face === 'raw' ? rawBody() : jsonBody({ maxBytes: contract.maxBodyBytes }),
    afterBody: contract.idempotent ? [idempotency()] : [],
  };
}

type PartnerDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = Omit<Contract<P, Q, B>, 'audience'> & {
  audience?: 'partner';
  handle: (request: PartnerRequest<z.output<P>, z.output<Q>, z.output<B>>) => Promise<ApiResponse>;
};
/**
 * A partner-API operation as a Lambda handler: its contract (lib/routes/) and its `handle`, on the one
 * chain builder with the partner API's parts. Handlers in functions/ are one call of this:
 * `apiOperation({ ...contract, handle })`.
 */
export function apiOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(def: PartnerDef<P, Q, B>): Handler {
  return httpHandler(operationCore(def, def.handle as (request: unknown) => Promise<ApiResponse>), partnerChain(def));
}
