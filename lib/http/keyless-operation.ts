import type { z } from 'zod';
import type { Contract } from './core/contract';
import type { ApiResponse, Handler } from './core/types';
import { httpHandler } from './handler';
import { operationCore, type OperationRequest } from './operation-core';

type KeylessDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType> = Omit<Contract<P, Q, B>, 'audience'> & {
  audience: 'public';
  handle: (request: OperationRequest<z.output<P>, z.output<Q>, z.output<B>>) => Promise<ApiResponse>;
};

/**
 * A keyless route (OpenAPI, the error reference, status links, hosted pages) as a Lambda handler: the
 * one chain builder with no key, no per-key rate limit and no body parsing, so the bundle carries none
 * of them.
 */
export function keylessOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(def: KeylessDef<P, Q, B>): Handler {
  return httpHandler(operationCore(def, def.handle as (request: unknown) => Promise<ApiResponse>), { body: false });
}
