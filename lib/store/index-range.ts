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
 * in the order asked, read page by page: a filtered range reads at least 50 a page, as its matches
 * may be sparse. An item at `upper` itself (a cursor's) is never part of the answer.
 */
export async function readIndexRange<T extends Item>(
  range: IndexRange,
  options: { lower?: string; upper?: string; ascending: boolean; wanted: number },
): Promise<T[]> {
  const skName = `${range.index}sk`;
  const items: T[] = [];
  let after: Item | undefined;
  do {
    const page = await queryPage({
      partition: range.pk,
      index: range.index,
      sortKey: sortKeyBetween(options.lower, options.upper),
      filter: range.filter,
      newestFirst: !options.ascending,
      limit: range.filter ? Math.max(options.wanted, 50) : options.wanted - items.length,
      after,
    });
    items.push(...(page.items as T[]).filter((i) => i[skName] !== options.upper));
    after = page.next;
  } while (after && items.length < options.wanted);
  return items;
}

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
