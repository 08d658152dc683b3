import { decodeCursor, encodeCursor, listingFingerprint } from '../../paging/cursor';
import type { PageBlock } from '../../paging/keyset-page';
import type { Scope } from '../../scope';
import { eventSortKey } from '../../store/keys';
import type { ApiEvent } from '../../store/event';
import { isEmptyRange } from './created-at-range';
import { eventFilterOf, type EventFilter } from './event-filter';
import type { ListEventsQuery } from './list-events-query';
import { countEvents } from './count-events';
import { countTerms, pagePlan } from './plan';
import { ReadMeter } from './read-meter';
import { isEmptySelection } from './selection';
import { mergeStreams, partitionsOf, StreamReader } from './stream-reader';
import { HIGHEST_KEY, LOWEST_KEY, type KeyRange } from './streams';

export const DEFAULT_PAGE_SIZE = 25;

export interface EventPage {
  object: 'list';
  page: PageBlock;
  items: ApiEvent[];
}

/** Where a cursor points: the sort key `<created_at>#<seq_all>` of the page's first or last event. */
interface Position {
  k: string;
}

/**
 * GET /events (spec "GET /events" and "List envelope"): one page of the caller's event stream, in
 * `created_at` order (newest first by default), with `total` over all pages of the filtered listing.
 * The page and the total cost the same whatever the size of the log (docs/decisions.md, "The event log").
 */
export async function listEvents(scope: Scope, table: string, query: ListEventsQuery, meter = new ReadMeter()): Promise<EventPage> {
  const filter = eventFilterOf(query);
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const listing = eventListing(scope, filter);
  const position =
    query.after !== undefined
      ? await decodeCursor<Position>(listing, query.after, 'after')
      : query.before !== undefined
        ? await decodeCursor<Position>(listing, query.before, 'before')
        : undefined;
  const backwards = query.before !== undefined;
  const bounds = keyBounds(filter);
  const empty = bounds === undefined || isEmptySelection(filter.types) || isEmptySelection(filter.companies);

  const [listed, total] = await Promise.all([
    empty ? [] : readPage(scope, table, filter, bounds, position?.k, backwards, limit + 1, meter),
    empty ? 0 : countEvents(scope, table, countTerms(scope, filter), bounds, meter),
  ]);

  const more = listed.length > limit;
  const rows = listed.slice(0, limit);
  if (backwards) rows.reverse();
  const cursor = (k: string | undefined) => (k === undefined ? null : encodeCursor<Position>(listing, { k }));
  const [start, end] = await Promise.all([cursor(rows[0]?.key), cursor(rows[rows.length - 1]?.key)]);
  return {
    object: 'list',
    page: {
      start_cursor: start,
      end_cursor: end,
      // A cursor names an event of this very listing, so the side it came from has at least that one.
      has_next_page: backwards ? true : more,
      has_prev_page: backwards ? more : query.after !== undefined,
      limit,
      total,
    },
    items: rows.map((r) => JSON.parse(r.payload) as ApiEvent),
  };
}

/** The fingerprint cursors of this listing are bound to: partner, mode, normalised filters and sort. */
export function eventListing(scope: Scope, filter: EventFilter): string {
  return listingFingerprint({ route: 'GET /v1/events', partner: scope.partnerId, mode: scope.mode, ...filter });
}

/** A cursor at an event of the listing (the bench starts deep pages from one). */
export function eventCursor(scope: Scope, filter: EventFilter, createdAt: string, seqAll: number): Promise<string> {
  return encodeCursor<Position>(eventListing(scope, filter), { k: eventSortKey(createdAt, seqAll) });
}

/** The listing's `created_at` range as sort key bounds; undefined when no instant can match. */
function keyBounds(filter: EventFilter): { lo?: string; hi?: string } | undefined {
  const { from, to } = filter.createdAt;
  if (isEmptyRange(filter.createdAt) || (to !== undefined && to <= 0) || (from !== undefined && from >= YEAR_10000)) return undefined;
  return {
    lo: from === undefined || from <= 0 ? undefined : new Date(from).toISOString(),
    // `<iso of to>` sorts before every key `<iso of to>#<id>` and after every earlier one: exclusive.
    hi: to === undefined || to >= YEAR_10000 ? undefined : new Date(to).toISOString(),
  };
}

const YEAR_10000 = Date.UTC(10000, 0, 1);

async function readPage(
  scope: Scope,
  table: string,
  filter: EventFilter,
  bounds: { lo?: string; hi?: string },
  cursorKey: string | undefined,
  backwards: boolean,
  count: number,
  meter: ReadMeter,
) {
  const descending = (filter.order === 'desc') !== backwards;
  const range: KeyRange = { lo: bounds.lo ?? LOWEST_KEY, hi: bounds.hi ?? HIGHEST_KEY };
  if (cursorKey !== undefined) {
    // The cursor key is inclusive here and dropped by the reader (BETWEEN has no exclusive form).
    if (descending) range.hi = cursorKey < range.hi ? cursorKey : range.hi;
    else range.lo = cursorKey > range.lo ? cursorKey : range.lo;
  }
  if (range.lo > range.hi) return [];
  const plan = await pagePlan(scope, table, filter, meter);
  const need = count + (cursorKey !== undefined ? 1 : 0);
  const partitions = partitionsOf(plan.streams);
  const k = partitions.length;
  const first = k === 1 ? need : Math.min(need, Math.max(2, Math.ceil(need / k) + 1));
  const readers = partitions.map(
    (p) => new StreamReader(table, p, { range, descending, exclude: cursorKey, filter: plan.filter, first, refill: need }, meter),
  );
  return mergeStreams(readers, descending, count);
}
