import { defineEntity } from '../entity';
import { eventKey } from '../keys';
import { updateItem } from '../single-item';
import { EVENT_ENTITY } from '../table-definition';

/**
 * The attribute the webhook fan-out sets on an event item once it has handed the event to its lanes.
 * An item put back from a restored table (or copied back) carries it, so the stream's INSERT of that
 * item is known as an event already fanned out, and never delivered again (lib/webhooks/fanout/).
 */
export const FANNED_OUT_ATTRIBUTE = 'fanned_out_at';

/**
 * The fan-out's view of an event item (lib/event-log/event-item.ts writes it whole): its id, and when
 * it was handed to the lanes.
 */
const fannedOutEventEntity = defineEntity<{ id: string; [FANNED_OUT_ATTRIBUTE]?: string }>({
  name: EVENT_ENTITY,
  key: (scope, e) => eventKey(scope, e.id),
});

/** markEventFannedOut: only while the item exists (a deleted event is not written back). */
export async function markEventFannedOut(key: { pk: string; sk: string }, at: string): Promise<void> {
  await updateItem(key, fannedOutEventEntity.update({ set: { [FANNED_OUT_ATTRIBUTE]: at } }), fannedOutEventEntity.where.present());
}
