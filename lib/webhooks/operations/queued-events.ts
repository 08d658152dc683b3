import { eventIdOfKey, eventSortKey } from '../../store/keys';
import { partnerStreamAfter } from '../../event-log/event-reads';
import { indexShards } from '../../event-log/index-shards';
import type { Scope } from '../../scope';
import type { WebhookEndpoint } from '../endpoints';
import { endpointWantsEvent } from '../delivery/endpoint-wants-event';
import { readLane } from '../lane/lane-state';

/** One event waiting in an endpoint's lane. */
export interface QueuedEvent {
  event_id: string;
  type: string;
  created_at: string;
  /** The lane's head: the event being tried (and retried) now; the rest wait behind it, in order. */
  head: boolean;
}

/** How many of the queued events the endpoint page lists (the count of them all is its health's `queued`). */
export const QUEUED_SHOWN = 10;

/**
 * The first `limit` events an endpoint still has to receive, oldest first: the log's events after the
 * lane's cursor (or, before its first delivery, after the endpoint's enable) that its filter takes,
 * read from the partner's stream over its index shards, each shard read a bounded page at a time.
 * Test events are left out, as the health's count leaves them out. A disabled endpoint has none.
 */
export async function queuedEvents(endpoint: WebhookEndpoint, limit = QUEUED_SHOWN): Promise<QueuedEvent[]> {
  if (endpoint.status !== 'enabled') return [];
  const lane = await readLane(endpoint.id);
  const scope: Scope = { partnerId: endpoint.partner_id, mode: endpoint.mode };
  const after =
    lane?.last_seq !== undefined && lane.last_created_at && !lane.paused
      ? eventSortKey(lane.last_created_at, lane.last_seq)
      : (endpoint.enabled_at ?? endpoint.created_at);
  const out: QueuedEvent[] = [];
  let from = after;
  // A filter may skip many events: read on in bounded rounds until `limit` are found or the log ends.
  for (let round = 0; round < 20 && out.length < limit; round++) {
    const shards = await Promise.all(
      Array.from({ length: indexShards() }, async (_, shard) => {
        const page = await partnerStreamAfter(scope, shard, from, 50);
        return { items: page.items, more: page.next !== undefined };
      }),
    );
    const items = shards.flatMap((s) => s.items).sort((a, b) => ((a.gsi1sk as string) < (b.gsi1sk as string) ? -1 : 1));
    // Only up to the first shard's last key is complete across shards.
    const cut = shards
      .filter((s) => s.more)
      .map((s) => s.items[s.items.length - 1].gsi1sk as string)
      .sort()[0];
    for (const item of items) {
      if (cut !== undefined && (item.gsi1sk as string) > cut) break;
      from = item.gsi1sk as string;
      if (item.type === 'webhook_endpoint.test') continue;
      if (!endpointWantsEvent(endpoint, { type: item.type as string, payload: item.payload as string })) continue;
      out.push({
        event_id: eventIdOfKey(item),
        type: item.type as string,
        created_at: item.created_at as string,
        head: out.length === 0,
      });
      if (out.length >= limit) break;
    }
    if (cut === undefined) break;
  }
  return out;
}
