import { modeOf } from '../scope';
import * as z from 'zod';
import { cursorParams, limitParam, refuseAfterWithBefore } from '../paging/list-query';
import { listRequestLogs, requestLogFilters } from '../request-log/list';
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
  .superRefine(refuseAfterWithBefore)
  .superRefine((q, ctx) => {
    if ((q.after !== undefined || q.before !== undefined) && q.livemode === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [q.after !== undefined ? 'after' : 'before'],
        message: 'pages one mode at a time',
        params: {
          validation_type: 'dependentRequired',
          how_to_fix: 'Send livemode=true or livemode=false with a cursor: the log of both modes shows its newest page only.',
        },
      });
    }
  });

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
 * GET /dashboard/api/requests: the partner's request log (../shared/API-SURFACE.md), both modes. With
 * `livemode` one mode, paged with its cursors; without, the newest `limit` of both modes merged
 * (each mode's newest page read side by side), so a first look shows everything, newest first.
 */
export async function dashboardRequestLogs(
  partnerId: string,
  q: z.output<typeof dashboardRequestsQuery>,
): Promise<{ object: 'list'; page: PageBlock; items: DashboardRequestLog[] }> {
  const { livemode, ...rest } = q;
  const query = { ...rest, sort: undefined };
  const inMode = async (mode: Mode) => {
    const list = await listRequestLogs(scopeOf(partnerId, mode), query);
    return { ...list, items: list.items.map((i) => ({ ...i, livemode: mode === 'live' })) };
  };
  if (livemode !== undefined) return inMode(modeOf(livemode));
  const [live, test] = await Promise.all([inMode('live'), inMode('test')]);
  const items = [...live.items, ...test.items]
    .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
    .slice(0, q.limit);
  return {
    object: 'list',
    page: {
      start_cursor: null,
      end_cursor: null,
      has_next_page: live.page.has_next_page || test.page.has_next_page || live.items.length + test.items.length > q.limit,
      has_prev_page: false,
      limit: q.limit,
      total: live.page.total + test.page.total,
    },
    items,
  };
}

/** One logged request of the partner, in whichever mode it was made: two reads side by side. */
export async function dashboardRequestLog(partnerId: string, requestId: string): Promise<DashboardRequestLog | undefined> {
  const [live, test] = await Promise.all([
    getRequestLog(scopeOf(partnerId, 'live'), requestId),
    getRequestLog(scopeOf(partnerId, 'test'), requestId),
  ]);
  const found = live ?? test;
  return found ? { ...renderRequestLog(found), livemode: live !== undefined } : undefined;
}
