import type { z } from 'zod';
import type { Handler } from '../core/types';
import { errorEnvelope } from '../middleware/error-envelope';
import { jsonBody } from '../middleware/json-body';
import { dashboardHandler, type DashboardDef, MAX_DASHBOARD_JSON_BYTES } from './chain';
import { signedOutRateLimit } from './rate-limit';

/** A JSON route used before there is a session (sign-in): the JSON face's chain, limited per source address instead of per member. */
export function signedOutApiOperation<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  def: DashboardDef<P, Q, B, 'json', undefined> & { signedOut: true },
): Handler {
  return dashboardHandler(def, {
    errors: errorEnvelope(),
    beforeBody: [signedOutRateLimit()],
    body: jsonBody({ maxBytes: MAX_DASHBOARD_JSON_BYTES, schema: def.body }),
    session: [],
  });
}
