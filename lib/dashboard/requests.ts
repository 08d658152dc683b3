import { modeOf } from '../scope';
import * as z from 'zod';
import { cursorParams, limitParam, refuseAfterWithBefore } from '../paging/list-query';
import { listRequestLogs, requestLogFilters, requestLogListing } from '../request-log/list';
import { bothModesPage } from '../paging/both-modes';
import { livemodeParam } from './schemas';
import { listSortKey } from '../store/keys';
import { requestLogIdParams } from '../request-log/schemas';
import { getRequestLog } from '../store/entities/request-log-entry';
import { renderRequestLog, type RequestLog } from '../resources/request-log';
import type { Mode, Scope } from '../scope';
import type { PageBlock } from '../paging/keyset-page';

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

type Query = Omit<z.output<typeof dashboardRequestsQuery>, 'livemode'> & { sort: undefined };

/** Both modes as one listing (lib/paging/both-modes.ts), by the log's sort key (`<created_at>#<id>`). */
function bothModes(
  partnerId: string,
  query: Query,
  inMode: (mode: Mode, cursors: Pick<Query, 'after' | 'before'>) => Promise<{ page: PageBlock; items: DashboardRequestLog[] }>,
) {
  return bothModesPage({
    listing: requestLogListing({ partnerId, mode: 'both' }, query),
    modeListing: (mode) => requestLogListing(scopeOf(partnerId, mode), query),
    query,
    inMode,
    sortKeyOf,
  });
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
