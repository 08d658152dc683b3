import { itemAbsent } from '../expression';
import { reminderGuardKey } from '../keys';
import { queryEvery } from '../query';
import type { Scope } from '../../scope';
import type { WriteSet } from '../write-set';

/**
 * A fired reminder point of a calendar event (the deadlines themselves are computed from the company:
 * lib/calendar/calendar-events.ts): one guard item per point, in one partition per event, so a point
 * fires once ever.
 */

/** remindersFiredOfEvent: the points of `calendarEventId` that have fired. */
export async function firedReminderPoints(scope: Scope, calendarEventId: string): Promise<Set<string>> {
  const items = await queryEvery({ partition: reminderGuardKey(scope, calendarEventId, '').pk, attributes: ['sk'] });
  return new Set(items.map((i) => i.sk as string));
}

/** The point marked fired in `ws`; `onFired` when it had fired already. */
export function addReminderFired(ws: WriteSet, scope: Scope, calendarEventId: string, remindAt: string, onFired: () => Error): void {
  ws.put(
    { ...reminderGuardKey(scope, calendarEventId, remindAt), entity: 'calendar_reminder' },
    { condition: itemAbsent(), onFailed: onFired },
  );
}
