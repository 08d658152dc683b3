import * as z from 'zod';
import { apiOperation } from './api-operation';
import { noBody, noQuery } from '../input';
import type { Scope } from '../scope';

/**
 * A body-less sandbox trigger (../shared/API-SURFACE.md, sandbox table): test keys only, the
 * `sandbox:write` scope, idempotent, the path's ids validated, then one lib/ operation whose result is
 * answered 200. The chain is written once here rather than in every trigger's handler.
 */
export function sandboxTrigger<P extends z.ZodType>(params: P, run: (scope: Scope, params: z.output<P>) => Promise<unknown>) {
  return apiOperation({
    scope: 'sandbox:write',
    testModeOnly: true,
    idempotent: true,
    params,
    query: noQuery,
    body: noBody,
    handle: async ({ caller, params: parsed }) => ({ status: 200, body: await run(caller.scope, parsed) }),
  });
}
