import type { z } from 'zod';
import type { Contract } from '../core/contract';
import type { ApiResponse, Handler } from '../core/types';
import { httpHandler } from '../handler';
import { errorEnvelope } from '../middleware/error-envelope';
import { jsonBody } from '../middleware/json-body';
import { operationCore, type OperationRequest } from '../operation';
import { formBody } from './body';
import { dashboardHeaders } from './headers';
import { pageErrors } from './page-errors';
import { sessionAuth } from './session-auth';
import type { DashboardAuth, DashboardContext, FormFields } from './types';

/** JSON bodies of the dashboard's API face are small: 64 KiB is far above any of them. */
const MAX_JSON_BYTES = 64 * 1024;

/** A page gets its form's fields (pages take forms, not JSON); the API face its validated JSON. */
type BodyOf<B extends z.ZodType, F> = F extends 'page' ? FormFields | undefined : z.output<B>;
/** The signed-out routes (sign-in, the local outbox) have no session. */
type AuthOf<S> = S extends true ? undefined : DashboardAuth;

/** A dashboard request names the session it came with. */
export type DashboardRequest<P, Q, B, A> = OperationRequest<P, Q, B> & { auth: A };

/**
 * A dashboard route as a Lambda handler, on the one chain builder (lib/http/handler.ts) with the
 * dashboard's parts: its security headers; the JSON face (`/dashboard/api/…`) answers with the error
 * envelope, pages with readable error pages and forms instead of JSON; the session comes last, since
 * a page's CSRF token arrives in its form. A browser without a live session is sent to sign-in.
 */
export function dashboardOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType, F extends 'json' | 'page' = 'json', S extends boolean = false>(
  def: Omit<Contract<P, Q, B>, 'audience' | 'face' | 'signedOut'> & {
    face?: F;
    signedOut?: S;
    handle: (request: DashboardRequest<z.output<P>, z.output<Q>, BodyOf<B, F>, AuthOf<S>>) => Promise<ApiResponse>;
  },
): Handler {
  const page = def.face === 'page';
  const operation = operationCore<DashboardContext, OperationRequest<unknown, unknown, unknown>>(def, (request, context) => def.handle({ ...request, auth: context.dashboard } as never));
  return httpHandler<DashboardContext>(operation, {
    headers: dashboardHeaders(),
    errors: page ? pageErrors() : errorEnvelope(),
    body: page ? formBody() : jsonBody({ maxBytes: MAX_JSON_BYTES }),
    afterBody: def.signedOut ? [] : [sessionAuth()],
  });
}
