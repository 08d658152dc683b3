import { now } from '../../lib/clock';
import { renewalJob } from '../../lib/jobs/run-billing';
import { logger } from '../../lib/observability/logger';
import { tracedHandler } from '../../lib/observability/tracer';

/** How often the scheduler runs this job (EventBridge Scheduler expression; the local scheduler reads it too). */
export const schedule = 'rate(1 hour)';

/**
 * Bills every live renewal due now (lib/orders/run-renewals.ts). Safe to run twice, late or
 * concurrently: each period bills once. `as_of` in the input replays a moment; `partner_id` limits the
 * run to one partner (an operator's re-run).
 */
export const handler = tracedHandler(async (event: { as_of?: string; partner_id?: string } = {}) => {
  const asOf = event.as_of ? new Date(event.as_of) : now();
  const billed = await renewalJob('live', asOf, event.partner_id);
  logger.info('renewals billed', { as_of: asOf.toISOString(), billed });
  return { renewals_billed: billed };
});
