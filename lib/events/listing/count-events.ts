import { firstAtOrAfter } from '../../event-log/event-reads';
import { readCounterItems } from '../../event-log/counters';
import type { Scope } from '../../scope';
import type { CountTerm } from './plan';
import type { ReadMeter } from './read-meter';
import type { EventStream } from './streams';

/**
 * `page.total` without counting: sequences are dense per stream (lib/event-log/sequence.ts), so the
 * number of a stream's events with key in [lo, hi) is
 *   seq(first event with key ≥ hi) − seq(first event with key ≥ lo),
 * where "no such event" stands for the stream's counter + 1, and an unbounded side needs no read at
 * all (lo: sequence 1; hi: the counter). Each term costs at most two one-item Queries per shard of its
 * stream and a share of one BatchGet of counters, whatever the length of the stream.
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

/** The least sequence of the stream's events with key ≥ `key`: over a sharded stream, the least of its shards' firsts. */
async function firstSequenceFrom(table: string, stream: EventStream, key: string, meter: ReadMeter): Promise<number | undefined> {
  const firsts = await Promise.all(
    stream.pks.map(async (pk) => {
      const page = await firstAtOrAfter(table, { index: stream.index, pk }, key, stream.seqAttribute);
      meter.add(page.response);
      return page.items[0]?.[stream.seqAttribute] as number | undefined;
    }),
  );
  const found = firsts.filter((s): s is number => s !== undefined);
  return found.length ? Math.min(...found) : undefined;
}

async function readCounters(scope: Scope, table: string, names: string[], meter: ReadMeter): Promise<Map<string, number>> {
  const { counters } = await readCounterItems(scope, table, names, { consistent: false, onResponse: (res) => meter.add(res as never) });
  return new Map([...counters].map(([name, c]) => [name, c.seq]));
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
