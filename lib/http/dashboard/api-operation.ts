import type { z } from 'zod';
import type { Handler } from '../core/types';
import { errorEnvelope } from '../middleware/error-envelope';
import { jsonBody } from '../middleware/json-body';
import { dashboardHandler, type DashboardDef, MAX_DASHBOARD_JSON_BYTES } from './chain';
import { sessionAuth } from './session-auth';
import { dashboardRateLimit } from './rate-limit';
import type { DashboardAuth } from './types';

/**
 * A route of the dashboard's JSON face (`/dashboard/api/…`) as a Lambda handler: the error envelope,
 * a JSON body, then the session (cookie + CSRF, or a script's bearer token; none answers 401), then
 * its staff member's rate limit.
 */
export function dashboardApiOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  def: DashboardDef<P, Q, B, 'json', DashboardAuth> & { signedOut?: false },
): Handler {
  return dashboardHandler(def, {
    errors: errorEnvelope(),
    body: jsonBody({ maxBytes: MAX_DASHBOARD_JSON_BYTES, schema: def.body }),
    session: [sessionAuth(), dashboardRateLimit()],
  });
}
