import type { Event, OperationInput } from './types';

interface PageShape<T> {
  items: T[];
  page: { end_cursor: string | null; has_next_page: boolean };
}

/**
 * Every item of a paged listing: `for await (const item of paged)`, or page by page with `pages()`.
 * Pages are fetched one at a time, as the loop asks for them, following `end_cursor` via `after`.
 */
export class Paged<T> implements AsyncIterable<T> {
  constructor(private readonly fetchPage: (after: string | undefined) => Promise<PageShape<T>>) {}

  async *pages(): AsyncGenerator<PageShape<T>> {
    let after: string | undefined;
    for (;;) {
      const page = await this.fetchPage(after);
      yield page;
      if (!page.page.has_next_page || !page.page.end_cursor) return;
      after = page.page.end_cursor;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.items;
  }

  /** Collects the items (at most `max`; stops fetching once it has them). */
  async toArray(max = Infinity): Promise<T[]> {
    const out: T[] = [];
    if (max <= 0) return out;
    for await (const item of this) {
      out.push(item);
      if (out.length >= max) break;
    }
    return out;
  }
}

type EventQuery = OperationInput<'listEvents'>;

/** A sweep: the filters of GET /events besides the time window, paging and order, which the recipe sets. */
export type SweepParams = Omit<
  EventQuery,
  'created_at' | 'created_at[gt]' | 'created_at[gte]' | 'created_at[lt]' | 'created_at[lte]' | 'sort' | 'after' | 'before' | 'limit'
> & {
  /** The `nextSince` of your last sweep (or when you started listening). */
  since: Date | string;
  /** How far before `since` to start (the spec recommends five minutes, the default). */
  overlapMs?: number;
  /** Page size, 1..100 (default 100). */
  limit?: number;
};

/** The spec's recommended overlap between sweeps (Events: reconciliation recipe). */
export const SWEEP_OVERLAP_MS = 5 * 60 * 1000;

/**
 * The spec's reconciliation recipe (Events, GET /events): `created_at[gte]` some minutes before the
 * last sweep, `sort=created_at` (oldest first), every page via `end_cursor` until `has_next_page` is
 * false, each event processed once by `id`. Within one sweep an event is yielded once; across sweeps
 * the overlap yields recent events again, on purpose (two events can become visible out of
 * `created_at` order), so process them idempotently by `id` (the webhook-id of their deliveries).
 */
export class Sweep implements AsyncIterable<Event> {
  readonly #params: SweepParams;
  readonly #list: (query: EventQuery) => AsyncIterable<Event>;
  #newest: string | undefined;
  #count = 0;

  constructor(params: SweepParams, list: (query: EventQuery) => AsyncIterable<Event>) {
    const since = new Date(params.since);
    if (Number.isNaN(since.getTime())) throw new TypeError(`sweep: since must be a date-time, got ${String(params.since)}`);
    this.#params = params;
    this.#list = list;
  }

  /** Where the window of this sweep starts: `since` less the overlap. */
  get from(): Date {
    return new Date(new Date(this.#params.since).getTime() - (this.#params.overlapMs ?? SWEEP_OVERLAP_MS));
  }

  /**
   * What to pass as `since` next time: the newest `created_at` this sweep saw (the API's clock, so a
   * skewed local clock loses nothing), or this sweep's own `since` when it saw no event.
   */
  get nextSince(): string {
    return this.#newest ?? new Date(this.#params.since).toISOString();
  }

  /** Events yielded so far. */
  get count(): number {
    return this.#count;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Event> {
    const { since: _since, overlapMs: _overlap, limit, ...filters } = this.#params;
    const seen = new Set<string>();
    const query = { ...filters, 'created_at[gte]': this.from.toISOString(), sort: 'created_at', limit: limit ?? 100 } as EventQuery;
    for await (const event of this.#list(query)) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      if (this.#newest === undefined || Date.parse(event.created_at) > Date.parse(this.#newest)) this.#newest = event.created_at;
      this.#count++;
      yield event;
    }
  }
}
