import { streamChunk } from '../../event-log/event-reads';
import type { PagePlan } from './plan';
import type { ReadMeter } from './read-meter';
import type { EventStream, KeyRange } from './streams';

/** One partition of a stream (a stream of several shards is read by one reader per shard). */
export interface StreamPartition {
  index: EventStream['index'];
  pk: string;
}

/** The partitions whose merge is `streams`' merge. */
export const partitionsOf = (streams: EventStream[]): StreamPartition[] =>
  streams.flatMap((s) => s.pks.map((pk) => ({ index: s.index, pk })));

/** One listed event as read from an index: its sort key (the cursor position) and its stored JSON. */
export interface ListedEvent {
  key: string;
  payload: string;
}

export interface ReadOptions {
  range: KeyRange;
  descending: boolean;
  /** The cursor's own key: inside the inclusive range, never part of the page. */
  exclude?: string;
  filter?: PagePlan['filter'];
  /** Items per Query: the first read is sized to the stream's share of the page, refills to `refill`. */
  first: number;
  refill: number;
}

/**
 * Reads one stream lazily, in key order, a bounded chunk at a time: a page of a merge of k streams reads
 * about its own size plus a small first chunk per stream, whatever the length of each stream.
 */
export class StreamReader {
  private buffer: ListedEvent[] = [];
  private startKey: Record<string, unknown> | undefined;
  private done = false;
  private reads = 0;

  constructor(
    private readonly table: string,
    private readonly stream: StreamPartition,
    private readonly options: ReadOptions,
    private readonly meter: ReadMeter,
  ) {}

  /** The next event of the stream, without consuming it; undefined once the stream is exhausted. */
  async peek(): Promise<ListedEvent | undefined> {
    while (!this.buffer.length && !this.done) await this.fetch();
    return this.buffer[0];
  }

  take(): ListedEvent {
    return this.buffer.shift()!;
  }

  private async fetch(): Promise<void> {
    const { index, pk } = this.stream;
    const { range, descending, filter, exclude } = this.options;
    const page = await streamChunk(
      this.table,
      { index, pk },
      {
        lo: range.lo,
        hi: range.hi,
        descending,
        filter,
        limit: this.reads++ === 0 ? this.options.first : this.options.refill,
        after: this.startKey,
      },
    );
    this.meter.add(page.response);
    for (const item of page.items) {
      const key = item[`${index}sk`] as string;
      if (key !== exclude) this.buffer.push({ key, payload: item.payload as string });
    }
    this.startKey = page.next;
    this.done = !this.startKey;
  }
}

/**
 * The first `count` events of the k-way merge of `readers`, in key order (streams, and the shards of a
 * stream, are disjoint: a key appears in at most one of them).
 */
export async function mergeStreams(readers: StreamReader[], descending: boolean, count: number): Promise<ListedEvent[]> {
  const out: ListedEvent[] = [];
  while (out.length < count) {
    const heads = await Promise.all(readers.map((r) => r.peek()));
    let best = -1;
    for (let i = 0; i < heads.length; i++) {
      const h = heads[i];
      if (!h) continue;
      if (best < 0 || (descending ? h.key > heads[best]!.key : h.key < heads[best]!.key)) best = i;
    }
    if (best < 0) break;
    out.push(readers[best].take());
  }
  return out;
}
