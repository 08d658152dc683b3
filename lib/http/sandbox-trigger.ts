import type { z } from 'zod';
import type { Scope } from '../scope';
import type { Contract } from './core/contract';
import type { Handler } from './core/types';
import { apiOperation } from './operation';

/**
 * A body-less sandbox trigger (docs/api.md, "Sandbox triggers"): its contract (test keys only,
 * `sandbox:write`, idempotent, the path's ids), then one lib/ operation whose result is answered 200.
 */
export function sandboxTrigger<P extends z.ZodType>(
  contract: Omit<Contract<P>, 'audience'> & { audience: 'partner' },
  run: (scope: Scope, params: z.output<P>) => Promise<unknown>,
): Handler {
  return apiOperation({ ...contract, handle: async ({ caller, params }) => ({ status: 200, body: await run(caller.scope, params) }) });
}
