import type { z } from 'zod';
import type { Handler } from '../core/types';
import { formBody } from './body';
import { dashboardHandler, type DashboardDef } from './chain';
import { pageErrors } from './page-errors';
import { sessionAuth } from './session-auth';
import { dashboardRateLimit } from './rate-limit';
import type { DashboardAuth } from './types';

/**
 * A dashboard page as a Lambda handler: readable error pages, a form body, then the session; a
 * browser without a live session is sent to sign-in. Pages count against their member's limit as the
 * JSON face does (55 parallel page loads were 55 answers of 200 before).
 */
export function dashboardPageOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  def: DashboardDef<P, Q, B, 'page', DashboardAuth> & { signedOut?: false },
): Handler {
  return dashboardHandler(def, { errors: pageErrors(), body: formBody(), session: [sessionAuth(), dashboardRateLimit()] });
}
