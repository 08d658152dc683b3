import * as z from 'zod';
import { listingFingerprint } from '../paging/cursor';
import { createdAtQuery, createdAtRange, isEmptyRange } from '../paging/created-at-range';
import { countRange, keysetPage, type IndexRange, type PageBlock } from '../paging/keyset-page';
import { cursorParams, isDescending, limitParam, refuseAfterWithBefore, sortParam } from '../paging/list-query';
import { renderRequestLog, type RequestLog } from '../resources/request-log';
import type { Scope } from '../scope';
import { requestLogIndexes } from '../store/keys';
import { TTL_ATTRIBUTE } from '../store/table-definition';
import { requestLogRecord } from './store';
import { allOf, atLeast, equals, greaterThan, lessThan } from '../store/expression';

/**
 * A status filter: an HTTP status code written as a query string carries it, three digits from 100 to
 * 599. Not `Number()` of the text: that took `0x190` for 400 and an empty value for 0.
 */
function statusCodeParam(name: string) {
  return (
    z
      .string()
      .meta({ examples: [422] } as Record<string, unknown>)
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || /^[1-5][0-9]{2}$/.test(v)) return v === undefined ? undefined : Number(v);
        const digits = /^[0-9]+$/.test(v);
        ctx.addIssue({
          code: 'custom',
          message: digits ? `is ${Number(v)}; it must be from 100 to 599` : `'${v}' is not an HTTP status code`,
          params: {
            validation_type: !digits ? 'type' : Number(v) < 100 ? 'minimum' : 'maximum',
            how_to_fix: `Send ${name} as an HTTP status code, three digits from 100 to 599, such as ${name}=422.`,
          },
        });
        return z.NEVER;
      })
      // The parameter as OpenAPI shows it; its example is on the input side, where zod's input schema keeps it (`limitParam`).
      .meta({ type: 'integer', minimum: 100, maximum: 599 } as Record<string, unknown>)
  );
}

export const REQUEST_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export const requestLogFilters = {
  status: statusCodeParam('status'),
  'status[gte]': statusCodeParam('status[gte]'),
  'status[lt]': statusCodeParam('status[lt]'),
  method: z.enum(REQUEST_METHODS).optional(),
  path: z
    .string()
    .regex(/^\/v1\/[\w/-]*$/)
    .max(512)
    .optional()
    .meta({ examples: ['/v1/companies'] }),
  ...createdAtQuery,
};

export const listRequestLogsQuery = z
  .strictObject({ ...requestLogFilters, sort: sortParam(['created_at']), limit: limitParam, ...cursorParams })
  .superRefine(refuseAfterWithBefore);

type Query = z.output<typeof listRequestLogsQuery>;

/**
 * GET /requests: the partner's log in the caller's mode, newest first (or `sort=created_at`), on the
 * log's own index; `status`, `method` and `path` filter the items read, `created_at[…]` bounds the
 * index range. `total` counts the same filtered range (a COUNT query beside the page).
 */
export async function listRequestLogs(scope: Scope, q: Query): Promise<{ object: 'list'; page: PageBlock; items: RequestLog[] }> {
  const descending = isDescending(q.sort);
  const bounds = createdAtRange(q);
  const range: IndexRange = { ...requestLogIndexes.all(scope), ...bounds, filter: filterOf(q) };
  const listing = requestLogListing(scope, q);
  if (isEmptyRange(bounds)) {
    return {
      object: 'list',
      page: { start_cursor: null, end_cursor: null, has_next_page: false, has_prev_page: false, limit: q.limit, total: 0 },
      items: [],
    };
  }
  const [{ items, page }, total] = await Promise.all([
    keysetPage<Record<string, unknown>>(range, { listing, limit: q.limit, descending, after: q.after, before: q.before }),
    countRange(range),
  ]);
  return { object: 'list', page: { ...page, total }, items: items.map((i) => renderRequestLog(requestLogRecord(i))) };
}

/**
 * The fingerprint of one mode's listing (lib/paging/cursor.ts): its cursors are valid on it only. The
 * dashboard's view of both modes mints its own (`route` differs) and turns its position into each
 * mode's cursor with this.
 */
export function requestLogListing(scope: Scope | { partnerId: string; mode: 'both' }, q: Query): string {
  return listingFingerprint({
    route: 'requests',
    partner: scope.partnerId,
    mode: scope.mode,
    descending: isDescending(q.sort),
    status: q.status ?? null,
    gte: q['status[gte]'] ?? null,
    lt: q['status[lt]'] ?? null,
    method: q.method ?? null,
    path: q.path ?? null,
    ...createdAtRange(q),
  });
}

/** The filters over the items' own fields, and items past their TTL that DynamoDB has not removed yet. */
function filterOf(q: Query): NonNullable<IndexRange['filter']> {
  return allOf(
    greaterThan(TTL_ATTRIBUTE, Math.floor(Date.now() / 1000)),
    ...(q.status !== undefined ? [equals('status', q.status)] : []),
    ...(q['status[gte]'] !== undefined ? [atLeast('status', q['status[gte]'])] : []),
    ...(q['status[lt]'] !== undefined ? [lessThan('status', q['status[lt]'])] : []),
    ...(q.method !== undefined ? [equals('method', q.method)] : []),
    ...(q.path !== undefined ? [equals('path', q.path)] : []),
  );
}
