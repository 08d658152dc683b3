import { defineEntity } from '../entity';
import { reminderGuardKey } from '../keys';
import { queryEvery } from '../query';
import type { Scope } from '../../scope';
import type { WriteSet } from '../write-set';

/**
 * A fired reminder point of a calendar event (the deadlines themselves are computed from the company:
 * lib/calendar/calendar-events.ts): one guard item per point, in one partition per event, so a point
 * fires once ever. The item is its key alone: the event and the point are read back from it.
 */
interface FiredReminder {
  calendar_event_id: string;
  remind_at: string;
}

const calendarReminderEntity = defineEntity<FiredReminder>({
  name: 'calendar_reminder',
  key: (scope, fired) => reminderGuardKey(scope, fired.calendar_event_id, fired.remind_at),
  keyOnly: ['calendar_event_id', 'remind_at'],
  fromKey: (key) => ({ remind_at: key.sk }),
});

/** remindersFiredOfEvent: the points of `calendarEventId` that have fired. */
export async function firedReminderPoints(scope: Scope, calendarEventId: string): Promise<Set<string>> {
  const items = await queryEvery({ partition: reminderGuardKey(scope, calendarEventId, '').pk, attributes: ['sk'] });
  return new Set(items.map((i) => calendarReminderEntity.record(i).remind_at));
}

/** The point marked fired in `ws`; `onFired` when it had fired already. */
export function addReminderFired(ws: WriteSet, scope: Scope, calendarEventId: string, remindAt: string, onFired: () => Error): void {
  ws.put(calendarReminderEntity.item(scope, { calendar_event_id: calendarEventId, remind_at: remindAt }), {
    condition: calendarReminderEntity.where.absent(),
    onFailed: onFired,
  });
}
