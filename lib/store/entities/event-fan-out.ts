import { itemPresent } from '../expression';
import { updateItem } from '../single-item';

/**
 * The attribute the webhook fan-out sets on an event item once it has handed the event to its lanes.
 * An item put back from a restored table (or copied back) carries it, so the stream's INSERT of that
 * item is known as an event already fanned out, and never delivered again (lib/webhooks/fanout/).
 */
export const FANNED_OUT_ATTRIBUTE = 'fanned_out_at';

/** markEventFannedOut: only while the item exists (a deleted event is not written back). */
export async function markEventFannedOut(key: { pk: string; sk: string }, at: string): Promise<void> {
  await updateItem(key, { set: { [FANNED_OUT_ATTRIBUTE]: at } }, itemPresent());
}
