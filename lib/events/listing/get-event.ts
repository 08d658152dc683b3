import { getItem, type ReadTogether } from '../../store/read-together';
import { eventKey } from '../../store/keys';
import type { Scope } from '../../scope';
import { resourceMissing } from '../../errors';
import type { ApiEvent } from '../../store/event';

/** GET /events/{eventID}: one event of the caller's partner and mode, exactly as it was recorded. */
export async function getEvent(scope: Scope, table: string, eventId: string, together?: ReadTogether): Promise<ApiEvent> {
  const item = await getItem(table, eventKey(scope, eventId), {
    together: together?.table === table ? together : undefined,
    projection: 'payload',
  });
  if (!item) throw resourceMissing('event', eventId);
  return JSON.parse(item.payload as string) as ApiEvent;
}
