import { fireReminderBody } from '../../calendar/schemas';
import { companyIdParams } from '../../companies/params';
import { calendarEventSchema } from '../../resources/calendar-event';
import { partner } from '../core/operation';
import { sandbox, tag } from './shared';

export const sandboxFireReminder = partner('sandbox-fire-reminder', {
  method: 'POST',
  path: '/v1/sandbox/companies/{companyID}/reminders',
  operation: 'sandboxFireReminder',
  ...sandbox,
  params: companyIdParams,
  body: fireReminderBody,
  summary: 'Fire the next reminder point (calendar.reminder)',
  tag,
  responses: { 200: { description: 'The calendar event with the remind_at that fired.', schema: calendarEventSchema } },
  errors: [404],
});
