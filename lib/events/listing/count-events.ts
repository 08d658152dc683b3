import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db } from '../../store/client';
import { eventCounterKey } from '../../store/keys';
import type { Scope } from '../../scope';
import type { CountTerm } from './plan';
import type { ReadMeter } from './read-meter';
import type { EventStream } from './streams';

/**
 * `page.total` without counting: sequences are dense per stream (lib/store/sequence.ts), so the
 * number of a stream's events with key in [lo, hi) is
 *   seq(first event with key ≥ hi) − seq(first event with key ≥ lo),
 * where "no such event" stands for the stream's counter + 1, and an unbounded side needs no read at
 * all (lo: sequence 1; hi: the counter). Each term costs at most two one-item Queries and a share of
 * one BatchGet of counters, whatever the length of the stream.
 */
export async function countEvents(
  scope: Scope,
  table: string,
  terms: CountTerm[],
  bounds: { lo?: string; hi?: string },
  meter: ReadMeter,
): Promise<number> {
  if (!terms.length) return 0;
  // First pass: the sequence at each bounded side (undefined: no event at or after it).
  const firsts = await inBatches(terms, 16, async ({ stream }) => ({
    lo: bounds.lo === undefined ? 1 : await firstSequenceFrom(table, stream, bounds.lo, meter),
    hi: bounds.hi === undefined ? undefined : await firstSequenceFrom(table, stream, bounds.hi, meter),
  }));
  // Second pass: the counters of the streams whose "end" is needed.
  const needCounter = terms.filter((_, i) => firsts[i].lo === undefined || firsts[i].hi === undefined).map((t) => t.stream.counter);
  const counters = await readCounters(scope, table, [...new Set(needCounter)], meter);
  let total = 0;
  terms.forEach((term, i) => {
    const end = (counters.get(term.stream.counter) ?? 0) + 1;
    const count = (firsts[i].hi ?? end) - (firsts[i].lo ?? end);
    total += term.sign * Math.max(0, count);
  });
  // Indexes are eventually consistent: a count taken mid-write may be off for a moment, never negative.
  return Math.max(0, total);
}

async function firstSequenceFrom(table: string, stream: EventStream, key: string, meter: ReadMeter): Promise<number | undefined> {
  const res = await db().send(
    new QueryCommand({
      TableName: table,
      IndexName: stream.index,
      KeyConditionExpression: '#pk = :pk AND #sk >= :k',
      ExpressionAttributeNames: { '#pk': `${stream.index}pk`, '#sk': `${stream.index}sk`, '#seq': stream.seqAttribute },
      ExpressionAttributeValues: { ':pk': stream.pk, ':k': key },
      ProjectionExpression: '#seq',
      Limit: 1,
      ReturnConsumedCapacity: 'TOTAL',
    }),
  );
  meter.add(res);
  return res.Items?.[0]?.[stream.seqAttribute] as number | undefined;
}

async function readCounters(scope: Scope, table: string, names: string[], meter: ReadMeter): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (let i = 0; i < names.length; i += 100) {
    let keys: Record<string, unknown>[] | undefined = names.slice(i, i + 100).map((n) => eventCounterKey(scope, n));
    while (keys?.length) {
      const res = await db().send(
        new BatchGetCommand({ RequestItems: { [table]: { Keys: keys, ProjectionExpression: 'sk, seq' } }, ReturnConsumedCapacity: 'TOTAL' }),
      );
      meter.add(res);
      for (const item of res.Responses?.[table] ?? []) out.set(item.sk as string, item.seq as number);
      keys = res.UnprocessedKeys?.[table]?.Keys as Record<string, unknown>[] | undefined;
    }
  }
  return out;
}

/** Runs `fn` over `items` with at most `width` calls in flight, results in input order. */
export async function inBatches<T, R>(items: T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return out;
}
