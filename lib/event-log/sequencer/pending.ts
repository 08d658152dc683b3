import { createHash } from 'node:crypto';
import { queryPage } from '../../store/query';
import { pendingEventSortKey, pendingEventsPartition } from '../../store/keys';
import { PENDING_EVENT_ENTITY } from '../../store/table-definition';
import type { Scope } from '../../scope';
import type { PendingEvent } from '../../store/event';
import { sequencerSettings } from './settings';

/**
 * Pending events: a contended write commits its change together with one of these per event, and
 * no counter, so it cannot lose a sequence race (docs/decisions.md, "The event log"). They live in
 * the base table (strongly consistent reads, no index lag), in `pendingShards` partitions per
 * partner+mode; everything the sequencer needs is on the item: the event's id (minted now, so the
 * writer knows what to wait for and a retried drain can never write it twice), its type, company,
 * timestamp override and resource snapshot. `entity` is not `event`, so the fan-out never sees them.
 */
export interface PendingItem {
  pk: string;
  sk: string;
  entity: typeof PENDING_EVENT_ENTITY;
  partner_id: string;
  mode: Scope['mode'];
  event_id: string;
  type: string;
  company_id?: string;
  timestamp?: string;
  /** The resource snapshot as JSON (kept verbatim, as the event's payload will embed it). */
  resource: string;
  /** A change event's previous attributes as JSON. */
  previous?: string;
  /** Epoch ms at which the writer committed it (the backstop acts on old ones). */
  pending_at: number;
}

export interface PendingWrite {
  writeId: string;
  eventIds: string[];
  items: PendingItem[];
}

/** The pending items of one write: one partition (from a hash of the write id), its events in order. */
export function pendingItemsOf(
  scope: Scope,
  writeId: string,
  eventIds: string[],
  events: PendingEvent[],
  pendingAtMs: number,
): PendingItem[] {
  const shard = shardOf(writeId, sequencerSettings().pendingShards);
  const at = new Date(pendingAtMs).toISOString();
  return events.map((e, i) => ({
    pk: pendingEventsPartition(scope, shard),
    sk: pendingEventSortKey(at, writeId, i),
    entity: PENDING_EVENT_ENTITY,
    partner_id: scope.partnerId,
    mode: scope.mode,
    event_id: eventIds[i],
    type: e.type,
    ...(e.companyId ? { company_id: e.companyId } : {}),
    ...(e.timestamp ? { timestamp: e.timestamp } : {}),
    resource: JSON.stringify(e.resource),
    ...(e.previous ? { previous: JSON.stringify(e.previous) } : {}),
    pending_at: pendingAtMs,
  }));
}

export function shardOf(writeId: string, shards: number): number {
  return createHash('sha256').update(writeId).digest().readUInt32BE(0) % shards;
}

/** The event a pending item stands for, as `WriteSet.recordEvent` was given it. */
export function pendingEventOf(item: PendingItem): PendingEvent {
  return {
    // Written from a PendingEvent (`pendingItemsOf`): a catalog type.
    type: item.type as PendingEvent['type'],
    ...(item.company_id ? { companyId: item.company_id } : {}),
    ...(item.timestamp ? { timestamp: item.timestamp } : {}),
    resource: JSON.parse(item.resource) as PendingEvent['resource'],
    ...(item.previous ? { previous: JSON.parse(item.previous) as Record<string, unknown> } : {}),
  };
}

export const pendingKeyOf = (item: { pk: string; sk: string }) => `${item.pk}\n${item.sk}`;

/**
 * The oldest pending items of a partner+mode across its partitions, in pending order, read strongly
 * consistently; at most `perShard` read from each partition. When a partition has more than that, the
 * answer stops at its last item read, so nothing older in it can be missing from the answer (the
 * order of one write's events is kept; across writes it is pending time, then write id).
 * `olderThan` (epoch ms) keeps only items pending since before then (the backstop's question).
 */
export async function readPending(
  scope: Scope,
  table: string,
  perShard: number,
  olderThan?: number,
): Promise<{ items: PendingItem[]; more: boolean }> {
  const shards = sequencerSettings().pendingShards;
  const pages = await Promise.all(
    Array.from({ length: shards }, (_, shard) =>
      queryPage({
        table,
        partition: pendingEventsPartition(scope, shard),
        sortKey: olderThan === undefined ? undefined : { below: new Date(olderThan).toISOString() },
        consistent: true,
        limit: perShard,
      }),
    ),
  );
  let cut: string | undefined;
  for (const page of pages) {
    const last = page.items.at(-1)?.sk as string | undefined;
    if (page.next && last !== undefined && (cut === undefined || last < cut)) cut = last;
  }
  const items = pages
    .flatMap((p) => p.items as unknown as PendingItem[])
    .filter((i) => cut === undefined || i.sk <= cut)
    .sort((a, b) => (a.sk < b.sk ? -1 : a.sk > b.sk ? 1 : 0));
  return { items, more: cut !== undefined };
}
