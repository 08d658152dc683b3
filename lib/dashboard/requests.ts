import { modeOf } from '../scope';
import * as z from 'zod';
import { cursorParams, limitParam, refuseAfterWithBefore } from '../paging/list-query';
import { listRequestLogs, requestLogFilters, requestLogListing } from '../request-log/list';
import { decodeCursor, encodeCursor } from '../paging/cursor';
import { listSortKey } from '../store/keys';
import { requestLogIdParams } from '../request-log/schemas';
import { getRequestLog } from '../request-log/store';
import { renderRequestLog, type RequestLog } from '../resources/request-log';
import type { Mode, Scope } from '../scope';
import type { PageBlock } from '../paging/keyset-page';

/** `livemode` as a query value: `true` or `false`. */
const livemodeParam = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')
  .optional();

export const dashboardRequestsQuery = z
  .strictObject({ ...requestLogFilters, livemode: livemodeParam, limit: limitParam, ...cursorParams })
  .superRefine(refuseAfterWithBefore);

export const dashboardRequestParams = requestLogIdParams;

/** The Requests page takes the same query, and `request_id` from its search box (answered with that request's page). */
export const dashboardRequestsPageQuery = z
  .strictObject({
    ...requestLogFilters,
    livemode: livemodeParam,
    limit: limitParam,
    ...cursorParams,
    request_id: requestLogIdParams.shape.requestID.optional(),
  })
  .superRefine(refuseAfterWithBefore);

/** The dashboard shows both modes: each entry says which. */
export type DashboardRequestLog = RequestLog & { livemode: boolean };

const scopeOf = (partnerId: string, mode: Mode): Scope => ({ partnerId, mode });

/**
 * GET /dashboard/api/requests: the partner's request log (docs/api.md), both modes. With
 * `livemode` one mode, paged with its own cursors; without, both modes merged newest first and paged
 * with the merged listing's cursors (docs/decisions.md, "The request log"): a page never promises a
 * next page it cannot give.
 */
export async function dashboardRequestLogs(
  partnerId: string,
  q: z.output<typeof dashboardRequestsQuery>,
): Promise<{ object: 'list'; page: PageBlock; items: DashboardRequestLog[] }> {
  const { livemode, ...rest } = q;
  const query = { ...rest, sort: undefined };
  const inMode = async (mode: Mode, cursors: Pick<typeof query, 'after' | 'before'>) => {
    const list = await listRequestLogs(scopeOf(partnerId, mode), { ...query, ...cursors });
    return { ...list, items: list.items.map((i) => ({ ...i, livemode: mode === 'live' })) };
  };
  if (livemode !== undefined) return inMode(modeOf(livemode), query);
  return bothModes(partnerId, query, inMode);
}

type ModeList = { page: PageBlock; items: DashboardRequestLog[] };
type Query = Omit<z.output<typeof dashboardRequestsQuery>, 'livemode'> & { sort: undefined };

/**
 * Both modes as one listing ordered by the log's sort key (`<created_at>#<id>`, unique across modes):
 * its cursor is a position in that order, which each mode's own listing reads past (a bound, whether
 * or not that mode holds the item), so each mode is read one page from the position and the merge
 * keeps the `limit` nearest to it.
 */
async function bothModes(
  partnerId: string,
  query: Query,
  inMode: (mode: Mode, cursors: Pick<Query, 'after' | 'before'>) => Promise<ModeList>,
): Promise<{ object: 'list'; page: PageBlock; items: DashboardRequestLog[] }> {
  const merged = requestLogListing({ partnerId, mode: 'both' }, query);
  const direction = query.before !== undefined ? 'before' : 'after';
  const cursor = query.before ?? query.after;
  const position = cursor === undefined ? undefined : await decodeCursor<string>(merged, cursor, direction);
  const modeCursor = async (mode: Mode) =>
    position === undefined ? {} : { [direction]: await encodeCursor(requestLogListing(scopeOf(partnerId, mode), query), position) };
  const [live, test] = await Promise.all([
    modeCursor('live').then((c) => inMode('live', c)),
    modeCursor('test').then((c) => inMode('test', c)),
  ]);
  const newestFirst = [...live.items, ...test.items].sort((a, b) => (sortKeyOf(a) < sortKeyOf(b) ? 1 : -1));
  const cut = newestFirst.length > query.limit;
  // Going back, the page is the `limit` just newer than the position: the oldest of what was read.
  const items = direction === 'before' ? newestFirst.slice(-query.limit) : newestFirst.slice(0, query.limit);
  const further = (side: 'has_next_page' | 'has_prev_page') => cut || live.page[side] || test.page[side];
  const at = (item: DashboardRequestLog | undefined) => (item === undefined ? null : encodeCursor(merged, sortKeyOf(item)));
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

const sortKeyOf = (item: RequestLog) => listSortKey(item.created_at, item.id);

/** One logged request of the partner, in whichever mode it was made: two reads side by side. */
export async function dashboardRequestLog(partnerId: string, requestId: string): Promise<DashboardRequestLog | undefined> {
  const [live, test] = await Promise.all([
    getRequestLog(scopeOf(partnerId, 'live'), requestId),
    getRequestLog(scopeOf(partnerId, 'test'), requestId),
  ]);
  const found = live ?? test;
  return found ? { ...renderRequestLog(found), livemode: live !== undefined } : undefined;
}
