import { eventIdOfKey } from '../../store/keys';
import { indexShards } from '../../event-log/index-shards';
import { partnerStreamBetween } from '../../event-log/event-reads';
import type { Scope } from '../../scope';
import { endpointWantsEvent } from '../delivery/endpoint-wants-event';
import type { WebhookEndpoint } from '../endpoints';
import type { LaneState } from './lane-state';

/** An event of the log as the lane delivers it. */
export interface LogEvent {
  event_id: string;
  seq: number;
  created_at: string;
  type: string;
  payload: string;
}

export type GapResult = { complete: true; events: LogEvent[] } | { complete: false };

export function toLogEvent(item: Record<string, unknown>): LogEvent {
  return {
    event_id: eventIdOfKey(item),
    seq: item.seq_all as number,
    created_at: item.created_at as string,
    type: item.type as string,
    payload: item.payload as string,
  };
}

/**
 * The events this endpoint must receive BEFORE the one at (`seq`, `createdAt`): those after the lane's
 * cursor that its filter takes. Stream records of different events reach the fan-out in any order, so
 * the message for event N+1 can come before N's in the FIFO group; the lane then delivers N first,
 * from the log, and N's own message later finds it done. `seq_all` is dense and commits in order, so
 * `seq - last_seq - 1` events must be in the log: fewer in the index means it has not caught up yet
 * (`complete: false`, try again shortly).
 *
 * Events recorded in the same millisecond share `created_at` (ties are ordered by `seq_all`), so the
 * read covers the cursor's and the event's whole milliseconds and keeps what lies strictly between
 * the two sequences.
 *
 * Where the cursor starts: after `last_seq`; for a new lane at the endpoint's creation (or last
 * enable); after deliveries were cancelled for a disabled endpoint, at its re-enable time if recorded,
 * else at this event (a partner recovers the disabled period explicitly).
 */
export async function gapEvents(
  scope: Scope,
  endpoint: WebhookEndpoint,
  lane: LaneState,
  seq: number,
  createdAt: string,
): Promise<GapResult> {
  if (lane.last_seq !== undefined && seq === lane.last_seq + 1) return { complete: true, events: [] };
  let low: string;
  let after = 0;
  let expected: number | undefined;
  if (lane.paused) {
    // Re-enabled: start at the enable (its `updated_at` when no `enabled_at` is recorded).
    low = endpoint.enabled_at ?? endpoint.updated_at;
  } else if (lane.last_seq !== undefined && lane.last_created_at) {
    low = lane.last_created_at; // the cursor's millisecond; its own event and earlier ties are dropped by `after`
    after = lane.last_seq;
    expected = seq - lane.last_seq - 1;
  } else {
    low = endpoint.enabled_at ?? endpoint.created_at;
  }
  if (low > createdAt) return { complete: true, events: [] };

  // The partner's stream over its shards (lib/event-log/index-shards.ts); the sequences sort them back.
  const shards = await Promise.all(
    Array.from({ length: indexShards() }, (_, shard) => partnerStreamBetween(scope, shard, low, `${createdAt}#~`)),
  );
  const items = shards.flat();
  const found = items.filter((item) => (item.seq_all as number) < seq && (item.seq_all as number) > after).map(toLogEvent);

  if (expected !== undefined && found.length < expected) return { complete: false };
  return { complete: true, events: found.filter((e) => endpointWantsEvent(endpoint, e)).sort((a, b) => a.seq - b.seq) };
}
