import type { z } from 'zod';
import type { Handler } from '../core/types';
import { formBody } from './body';
import { dashboardHandler, type DashboardDef } from './chain';
import { pageErrors } from './page-errors';
import { signedOutRateLimit } from './rate-limit';

/** A page shown before there is a session (the sign-in forms, the local outbox): no session is read; limited per source address. */
export function signedOutPageOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  def: DashboardDef<P, Q, B, 'page', undefined> & { signedOut: true },
): Handler {
  return dashboardHandler(def, { errors: pageErrors(), beforeBody: [signedOutRateLimit()], body: formBody(), session: [] });
}
