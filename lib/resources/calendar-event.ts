import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { dateTime, idOf } from './shared';

/**
 * A compliance deadline of a company and its reminder points (spec "not shown"). `calendar.reminder`
 * embeds it with `due_at` and `remind_at`, the reminder point that fired.
 */
export const calendarEventSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('calendar_event'),
      id: idOf('calendarEvent'),
      company: idOf('company'),
      /** What is due, e.g. `annual_report`, `federal_tax_return`. */
      kind: z.string(),
      title: z.string(),
      due_at: dateTime(),
      /** Every reminder point, earliest first. */
      reminders: z.array(dateTime()).optional(),
      /** The reminder points that have fired (each fires `calendar.reminder` once). */
      reminders_fired: z.array(dateTime()).optional(),
      /** On `calendar.reminder`: the reminder point that fired. */
      remind_at: dateTime().optional(),
      livemode: z.boolean(),
      created_at: dateTime(),
    })
    .meta({ id: 'CalendarEvent', description: 'A compliance deadline of a company, with its reminder points.' }),
);

export type CalendarEvent = z.infer<ReturnType<typeof calendarEventSchema>>;
