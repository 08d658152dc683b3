import { now } from '../../lib/clock';
import { runQuoteLapses } from '../../lib/orders/run-quote-lapses';
import { logger } from '../../lib/observability/logger';
import { tracedHandler } from '../../lib/observability/tracer';

/** Hourly: a quote lapses within the hour after its `expires_at` (accepting it is refused from that moment on). */
export const schedule = 'rate(1 hour)';

/** Lapses every live quote whose `expires_at` has come (`service_order.updated`, the quote `expired`). */
export const handler = tracedHandler(async (event: { as_of?: string; partner_id?: string } = {}) => {
  const asOf = event.as_of ? new Date(event.as_of) : now();
  const lapsed = await runQuoteLapses('live', asOf, event.partner_id);
  logger.info('quotes lapsed', { as_of: asOf.toISOString(), lapsed });
  return { quotes_lapsed: lapsed };
});
