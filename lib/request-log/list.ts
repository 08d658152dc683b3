import * as z from 'zod';
import { listingFingerprint } from '../paging/cursor';
import { createdAtQuery, createdAtRange } from '../paging/created-at-range';
import { countRange, keysetPage, type IndexRange, type PageBlock } from '../paging/keyset-page';
import { cursorParams, isDescending, limitParam, refuseAfterWithBefore, sortParam } from '../paging/list-query';
import { renderRequestLog, type RequestLog } from '../resources/request-log';
import type { Scope } from '../scope';
import { requestLogIndexes } from '../store/keys';
import { TTL_ATTRIBUTE } from '../store/table-definition';
import { getRequestLogsOfPage } from '../store/entities/request-log-entry';
import { allOf, atLeast, equals, greaterThan, lessThan } from '../store/expression';
import { realNow } from '../clock';
import { matchesOfPieces, piecesOf, runsOf } from './log-hours';
import type { EntryFilter } from './hour-counts';

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
 * log's own index, which holds no bodies (a page's entries are then read whole by key); `status`,
 * `method` and `path` filter the items read, `created_at[…]` bounds the index range. Its cost does not grow with the log (docs/decisions.md, "Listing the log"): `total`
 * adds the counts kept for each closed hour of the range to a count of the rest (the hours not closed
 * yet, and the hours an explicit `created_at[…]` bound cuts), and a filtered page reads only the
 * hours that hold a match.
 */
export async function listRequestLogs(scope: Scope, q: Query): Promise<{ object: 'list'; page: PageBlock; items: RequestLog[] }> {
  const now = realNow().getTime();
  const pieces = piecesOf(createdAtRange(q), now);
  if (pieces.length === 0) {
    return {
      object: 'list',
      page: { start_cursor: null, end_cursor: null, has_next_page: false, has_prev_page: false, limit: q.limit, total: 0 },
      items: [],
    };
  }
  const filter = entryFilterOf(q);
  const range: IndexRange = {
    ...requestLogIndexes.all(scope),
    gt: pieces[0].gt,
    lt: pieces[pieces.length - 1].lt,
    filter: filterOf(q, now),
  };
  const request = {
    listing: requestLogListing(scope, q),
    limit: q.limit,
    descending: isDescending(q.sort),
    after: q.after,
    before: q.before,
  };
  const count = (runs: { gt: string; lt?: string }[]) => Promise.all(runs.map((r) => countRange({ ...range, ...r }))).then(sum);
  const matches = matchesOfPieces(scope, pieces, filter, now);
  const selective = Object.values(filter).some((v) => v !== undefined);
  const [{ items, page }, fromHours, openOrCut, uncounted] = await Promise.all([
    // A selective filter reads only the hours that hold a match; unfiltered, an empty hour costs nothing to read through.
    selective
      ? matches.then((m) => keysetPage<Record<string, unknown>>({ ...range, segments: runsOf(pieces, (i) => m[i] !== 0) }, request))
      : keysetPage<Record<string, unknown>>(range, request),
    matches.then((m) => sum(m.map((n) => n ?? 0))),
    count(runsOf(pieces, (i) => pieces[i].hour === undefined)),
    matches.then((m) => count(runsOf(pieces, (i) => pieces[i].hour !== undefined && m[i] === undefined))),
  ]);
  return {
    object: 'list',
    page: { ...page, total: fromHours + openOrCut + uncounted },
    items: (await getRequestLogsOfPage(items)).map(renderRequestLog),
  };
}

const sum = (ns: number[]) => ns.reduce((a, b) => a + b, 0);

/** The filters over the entries' method, status and path. */
function entryFilterOf(q: Query): EntryFilter {
  return { status: q.status, gte: q['status[gte]'], lt: q['status[lt]'], method: q.method, path: q.path };
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
function filterOf(q: Query, now: number): NonNullable<IndexRange['filter']> {
  return allOf(
    greaterThan(TTL_ATTRIBUTE, Math.floor(now / 1000)),
    ...(q.status !== undefined ? [equals('status', q.status)] : []),
    ...(q['status[gte]'] !== undefined ? [atLeast('status', q['status[gte]'])] : []),
    ...(q['status[lt]'] !== undefined ? [lessThan('status', q['status[lt]'])] : []),
    ...(q.method !== undefined ? [equals('method', q.method)] : []),
    ...(q.path !== undefined ? [equals('path', q.path)] : []),
  );
}
