import { tableName } from '../store/client';
import type { Condition } from '../store/expression';
import { eventCounterKey, eventKey, eventStreams } from '../store/keys';
import { type QueryPage, queryEvery, queryPage, queryPagesOf } from '../store/query';
import type { IndexName } from '../store/table-definition';
import { getItem } from '../store/read-batch';
import type { Scope } from '../scope';

type Item = Record<string, unknown>;

/**
 * Named reads of the event items (lib/event-log/event-item.ts) for those who follow the log from
 * outside the listing: webhook delivery, resend, recover and the dashboard's attempt list.
 */

/** eventById: one event's stored item (`type`, `payload`, its sequences), consistent unless asked otherwise. */
export async function eventItemById(scope: Scope, eventId: string, options: { consistent?: boolean } = { consistent: true }) {
  return getItem(tableName(), eventKey(scope, eventId), { consistent: options.consistent });
}

/** One shard of the partner's stream (gsi1), sort keys from `low` to `high` inclusive, oldest first. */
export async function partnerStreamBetween(scope: Scope, shard: number, low: string, high: string): Promise<Item[]> {
  return queryEvery({ partition: eventStreams.all(scope, shard), index: 'gsi1', sortKey: { between: [low, high] } });
}

/** The pages of one shard of the partner's stream (gsi1) from `since` on, oldest first. */
export function partnerStreamSince(scope: Scope, shard: number, since: string): AsyncGenerator<QueryPage> {
  return queryPagesOf({ partition: eventStreams.all(scope, shard), index: 'gsi1', sortKey: { from: since } });
}

/** One page of a shard of the partner's stream after a sort key (exclusive), oldest first: an endpoint's queue (lib/webhooks/operations/queued-events.ts). */
export function partnerStreamAfter(scope: Scope, shard: number, after: string, limit: number): Promise<QueryPage> {
  return queryPage({
    partition: eventStreams.all(scope, shard),
    index: 'gsi1',
    sortKey: { above: after },
    limit,
    attributes: ['pk', 'gsi1sk', 'type', 'created_at', 'payload'],
  });
}

/** One partition of an event stream's index (a stream of several shards has one per shard). */
export interface StreamPartitionRef {
  index: IndexName;
  pk: string;
}

/**
 * One chunk of a stream partition for `GET /events`: the sort keys from `lo` to `hi` inclusive, in the
 * order asked, each item's sort key and stored JSON alone, with the consumed capacity for the meter.
 */
export async function streamChunk(
  table: string,
  partition: StreamPartitionRef,
  options: { lo: string; hi: string; descending: boolean; filter?: Condition; limit: number; after?: Item },
) {
  return queryPage(
    {
      table,
      partition: partition.pk,
      index: partition.index,
      sortKey: { between: [options.lo, options.hi] },
      newestFirst: options.descending,
      filter: options.filter,
      attributes: [`${partition.index}sk`, 'payload'],
      limit: options.limit,
      after: options.after,
    },
    { withCapacity: true },
  );
}

/** The first item of a stream partition with sort key ≥ `key`, its `seqAttribute` alone (and the answer, for the meter). */
export async function firstAtOrAfter(table: string, partition: StreamPartitionRef, key: string, seqAttribute: string) {
  return queryPage(
    { table, partition: partition.pk, index: partition.index, sortKey: { from: key }, attributes: [seqAttribute], limit: 1 },
    { withCapacity: true },
  );
}

/** The pages of the partner+mode's type counters (the event types that have at least one event). */
export function typeCounterPages(scope: Scope, table: string): AsyncGenerator<QueryPage> {
  return queryPagesOf(
    { table, partition: eventCounterKey(scope, 'ALL').pk, sortKey: { beginsWith: 'T#' }, attributes: ['sk'] },
    { withCapacity: true },
  );
}
