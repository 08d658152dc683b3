import { countIndexRange, type IndexRange, readIndexRange } from '../store/index-range';
import { decodeCursor, encodeCursor } from './cursor';

export type { IndexRange };

/** The spec's `page` block: all six fields on every paged list. */
export interface PageBlock {
  start_cursor: string | null;
  end_cursor: string | null;
  has_next_page: boolean;
  has_prev_page: boolean;
  limit: number;
  total: number;
}

export interface PageRequest {
  /** The listing fingerprint (lib/paging/cursor.ts): cursors are valid only for the listing that minted them. */
  listing: string;
  limit: number;
  descending: boolean;
  after?: string;
  before?: string;
}

/**
 * One page of a keyset-paged listing over a GSI whose sort key is unique per item. `after` continues
 * in the listing's direction from an `end_cursor`; `before` walks back from a `start_cursor` (queried
 * in the opposite direction, then put back in listing order). One item more than the page is read to
 * know whether the page has a neighbour in the direction read; a page reached through a cursor has one
 * on the side it came from (the item the cursor was minted on).
 */
export async function keysetPage<T extends Record<string, unknown>>(
  range: IndexRange,
  req: PageRequest,
): Promise<{ items: T[]; page: Omit<PageBlock, 'total'> }> {
  const skName = `${range.index}sk`;
  const backwards = req.before !== undefined;
  const position =
    req.after !== undefined
      ? await decodeCursor<string>(req.listing, req.after, 'after')
      : req.before !== undefined
        ? await decodeCursor<string>(req.listing, req.before, 'before')
        : undefined;
  // Reading forward (ascending sk) when the listing ascends and we go on, or descends and we go back.
  const ascending = req.descending === backwards;
  let lower = range.gt;
  let upper = range.lt;
  if (position !== undefined) {
    if (ascending) lower = lower === undefined || position > lower ? position : lower;
    else upper = upper === undefined || position < upper ? position : upper;
  }
  const items = await readIndexRange<T>(range, { lower, upper, ascending, wanted: req.limit + 1 });

  const more = items.length > req.limit;
  const pageItems = items.slice(0, req.limit);
  if (backwards) pageItems.reverse();
  const first = pageItems[0]?.[skName] as string | undefined;
  const last = pageItems[pageItems.length - 1]?.[skName] as string | undefined;
  return {
    items: pageItems,
    page: {
      start_cursor: first !== undefined ? await encodeCursor(req.listing, first) : null,
      end_cursor: last !== undefined ? await encodeCursor(req.listing, last) : null,
      has_next_page: backwards ? true : more,
      has_prev_page: backwards ? more : position !== undefined,
      limit: req.limit,
    },
  };
}

/** `total` of a filtered listing that no counter covers (lib/store/index-range.ts: a COUNT over its range). */
export const countRange = (range: IndexRange): Promise<number> => countIndexRange(range);
