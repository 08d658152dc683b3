import { decodeCursor, encodeCursor } from './cursor';
import type { PageBlock } from './keyset-page';

type Mode = 'live' | 'test';
interface Cursors {
  after?: string;
  before?: string;
}
interface ModeList<T> {
  page: PageBlock;
  items: T[];
}

/**
 * Both modes of a partner as ONE listing, newest first, for the dashboard (which shows both): ordered
 * by the listings' sort key (`<time>#<id>`, unique across modes), so its cursor is a position in that
 * order, which each mode's own listing reads past (a bound, whether or not that mode holds the item).
 * Each mode is read one page from the position and the merge keeps the `limit` nearest to it; a page
 * never promises a next page it cannot give (docs/decisions.md, "The request log").
 */
export async function bothModesPage<T>(input: {
  /** The merged listing's fingerprint, and each mode's own. */
  listing: string;
  modeListing: (mode: Mode) => string;
  query: Cursors & { limit: number };
  inMode: (mode: Mode, cursors: Cursors) => Promise<ModeList<T>>;
  sortKeyOf: (item: T) => string;
}): Promise<{ object: 'list'; page: PageBlock; items: T[] }> {
  const { listing, modeListing, query, inMode, sortKeyOf } = input;
  const direction = query.before !== undefined ? 'before' : 'after';
  const cursor = query.before ?? query.after;
  const position = cursor === undefined ? undefined : await decodeCursor<string>(listing, cursor, direction);
  const modeCursor = async (mode: Mode): Promise<Cursors> =>
    position === undefined ? {} : { [direction]: await encodeCursor(modeListing(mode), position) };
  const [live, test] = await Promise.all([
    modeCursor('live').then((c) => inMode('live', c)),
    modeCursor('test').then((c) => inMode('test', c)),
  ]);
  const newestFirst = [...live.items, ...test.items].sort((a, b) => (sortKeyOf(a) < sortKeyOf(b) ? 1 : -1));
  const cut = newestFirst.length > query.limit;
  // Going back, the page is the `limit` just newer than the position: the oldest of what was read.
  const items = direction === 'before' ? newestFirst.slice(-query.limit) : newestFirst.slice(0, query.limit);
  const further = (side: 'has_next_page' | 'has_prev_page') => cut || live.page[side] || test.page[side];
  const at = (item: T | undefined) => (item === undefined ? null : encodeCursor(listing, sortKeyOf(item)));
  const [start, end] = await Promise.all([at(items[0]), at(items[items.length - 1])]);
  return {
    object: 'list',
    page: {
      start_cursor: start,
      end_cursor: end,
      // A page reached going back has the page it came from after it (keysetPage's convention).
      has_next_page: direction === 'before' || further('has_next_page'),
      has_prev_page: direction === 'before' ? further('has_prev_page') : position !== undefined,
      limit: query.limit,
      total: live.page.total + test.page.total,
    },
    items,
  };
}
