import { getItem, type ReadBatch } from '../../store/read-batch';
import { eventKey } from '../../store/keys';
import type { Scope } from '../../scope';
import { resourceMissing } from '../../errors';
import type { ApiEvent } from '../../store/event';

/** GET /events/{eventID}: one event of the caller's partner and mode, exactly as it was recorded. */
export async function getEvent(scope: Scope, table: string, eventId: string, batch?: ReadBatch): Promise<ApiEvent> {
  const item = await getItem(table, eventKey(scope, eventId), {
    batch: batch?.table === table ? batch : undefined,
    attributes: ['payload'],
  });
  if (!item) throw resourceMissing('event', eventId);
  return JSON.parse(item.payload as string) as ApiEvent;
}
