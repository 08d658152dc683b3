import { now } from '../../lib/clock';
import { monthEndJob } from '../../lib/jobs/run-billing';
import { logger } from '../../lib/observability/logger';
import { tracedHandler } from '../../lib/observability/tracer';

/** Daily, so a missed run is caught up the next day; closing a closed month changes nothing. */
export const schedule = 'cron(30 0 * * ? *)';

/** Raises the live month-end invoices of the month that ended before now (exactly once per partner). */
export const handler = tracedHandler(async (event: { as_of?: string; partner_id?: string } = {}) => {
  const asOf = event.as_of ? new Date(event.as_of) : now();
  const invoices = await monthEndJob('live', asOf, event.partner_id);
  logger.info('month-end invoices', { as_of: asOf.toISOString(), invoices: invoices.map((i) => i.id) });
  return { invoices: invoices.map((i) => i.id) };
});
