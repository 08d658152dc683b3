import type { z } from 'zod';
import type { Contract } from '../core/contract';
import type { ApiResponse, Handler, Middleware } from '../core/types';
import { httpHandler } from '../handler';
import { operationCore, type OperationRequest } from '../operation-core';
import { dashboardHeaders } from './headers';
import type { DashboardContext, FormFields } from './types';

/** JSON bodies of the dashboard's API face are small: 64 KiB is far above any of them. */
export const MAX_DASHBOARD_JSON_BYTES = 64 * 1024;

/** A page gets its form's fields (pages take forms, not JSON); the API face its validated JSON. */
type BodyOf<B extends z.ZodType, F> = F extends 'page' ? FormFields | undefined : z.output<B>;

/** A dashboard request names the session it came with (undefined on the signed-out routes). */
export type DashboardRequest<P, Q, B, A> = OperationRequest<P, Q, B> & { auth: A };

export type DashboardDef<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, F extends 'json' | 'page', A> = Omit<
  Contract<P, Q, B>,
  'audience' | 'face' | 'signedOut'
> & {
  face?: F;
  handle: (request: DashboardRequest<z.output<P>, z.output<Q>, BodyOf<B, F>, A>) => Promise<ApiResponse>;
};

/**
 * The dashboard's chains on the one builder (lib/http/handler.ts): its security headers, then how its
 * face answers errors and reads bodies, then the session (last: a page's CSRF token arrives in its
 * form). Each face and session choice is its own small module (api-operation.ts, page-operation.ts, and their signed-out-… twins),
 * so a handler's bundle carries only the middlewares its route uses.
 */
export function dashboardHandler<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, F extends 'json' | 'page', A>(
  def: DashboardDef<P, Q, B, F, A>,
  parts: {
    errors: Middleware<DashboardContext>;
    /** What must pass before the body is read (the signed-out routes' limit per source address). */
    beforeBody?: Middleware<DashboardContext>[];
    body: Middleware<DashboardContext>;
    session: Middleware<DashboardContext>[];
  },
): Handler {
  const operation = operationCore<DashboardContext, OperationRequest<unknown, unknown, unknown>>(def, (request, context) =>
    def.handle({ ...request, auth: context.dashboard } as never),
  );
  return httpHandler<DashboardContext>(operation, {
    headers: dashboardHeaders(),
    errors: parts.errors,
    beforeBody: parts.beforeBody,
    body: parts.body,
    afterBody: parts.session,
  });
}
