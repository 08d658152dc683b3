import type { Condition } from './expression';
import { queryPage, queryPagesOf } from './query';
import type { IndexName } from './table-definition';

type Item = Record<string, unknown>;

/** A range of one index partition: what a keyset-paged listing reads (lib/paging/keyset-page.ts). */
export interface IndexRange {
  index: IndexName;
  pk: string;
  /** Bounds on the index sort key (`<created_at>#<id>`), exclusive, from `created_at[…]` filters. */
  gt?: string;
  lt?: string;
  /** A condition on the items' other attributes (a status): read, then dropped by DynamoDB. */
  filter?: Condition;
  /**
   * Where within the range matches may be (exclusive bounds, ascending, disjoint): a page reads these
   * only, and never the stretches between them (hours known to hold no match, lib/request-log/list.ts).
   * Absent: the whole range.
   */
  segments?: { gt: string; lt?: string }[];
}

/**
 * The sort-key condition for keys strictly between `lower` and `upper` (either optional). DynamoDB has
 * one sort-key condition per query, and BETWEEN is inclusive: the lower bound becomes inclusive by
 * appending the smallest character; an upper bound that is a real sort key (a cursor) is read
 * inclusively and its item dropped (`readIndexRange`). Filter bounds are never real keys (see
 * lib/paging/created-at-range.ts).
 */
function sortKeyBetween(lower: string | undefined, upper: string | undefined) {
  if (lower !== undefined && upper !== undefined) return { between: [`${lower}\u0000`, upper] as [string, string] };
  if (lower !== undefined) return { above: lower };
  if (upper !== undefined) return { below: upper };
  return undefined;
}

/**
 * At least `wanted` items of the range strictly between `lower` and `upper` (when there are that many),
 * in the order asked, read page by page (within the range's `segments` only, when it has them): a
 * filtered range reads at least 50 a page, as its matches may be sparse. An item at `upper` itself (a
 * cursor's) is never part of the answer.
 */
export async function readIndexRange<T extends Item>(
  range: IndexRange,
  options: { lower?: string; upper?: string; ascending: boolean; wanted: number },
): Promise<T[]> {
  const skName = `${range.index}sk`;
  const spans = (range.segments ?? [{ gt: options.lower, lt: options.upper }])
    .map((s) => ({ lower: later(s.gt, options.lower), upper: earlier(s.lt, options.upper) }))
    .filter((s) => s.lower === undefined || s.upper === undefined || s.lower < s.upper);
  if (!options.ascending) spans.reverse();
  const items: T[] = [];
  for (const span of spans) {
    let after: Item | undefined;
    do {
      const page = await queryPage({
        partition: range.pk,
        index: range.index,
        sortKey: sortKeyBetween(span.lower, span.upper),
        filter: range.filter,
        newestFirst: !options.ascending,
        limit: range.filter ? Math.max(options.wanted, 50) : options.wanted - items.length,
        after,
      });
      items.push(...(page.items as T[]).filter((i) => i[skName] !== options.upper));
      after = page.next;
    } while (after && items.length < options.wanted);
    if (items.length >= options.wanted) break;
  }
  return items;
}

/** The higher of two lower bounds (undefined: none). */
const later = (a: string | undefined, b: string | undefined) => (a === undefined ? b : b === undefined || a > b ? a : b);
/** The lower of two upper bounds (undefined: none). */
const earlier = (a: string | undefined, b: string | undefined) => (a === undefined ? b : b === undefined || a < b ? a : b);

/**
 * `total` of a filtered listing that no counter covers: a COUNT over the same key range and filter. It
 * reads the matching index range (no items are returned), so its cost grows with the matches of that
 * filter, never with the whole table.
 */
export async function countIndexRange(range: IndexRange): Promise<number> {
  let total = 0;
  const q = { partition: range.pk, index: range.index, sortKey: sortKeyBetween(range.gt, range.lt), filter: range.filter, countOnly: true };
  for await (const page of queryPagesOf(q)) total += page.count;
  return total;
}
