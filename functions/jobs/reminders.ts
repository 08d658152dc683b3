import { now } from '../../lib/clock';
import { runReminders } from '../../lib/calendar/run-reminders';
import { logger } from '../../lib/observability/logger';
import { tracedHandler } from '../../lib/observability/tracer';

/** Daily: reminder points are days (60, 30, 7 before a deadline). */
export const schedule = 'cron(0 13 * * ? *)';

/** Fires every live reminder point that has come (`calendar.reminder`, once per point; no mail to clients). */
export const handler = tracedHandler(async (event: { as_of?: string; partner_id?: string } = {}) => {
  const asOf = event.as_of ? new Date(event.as_of) : now();
  const fired = await runReminders('live', asOf, event.partner_id);
  logger.info('calendar reminders fired', { as_of: asOf.toISOString(), fired });
  return { reminders_fired: fired };
});
