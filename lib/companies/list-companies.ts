import * as z from 'zod';
import { idParam } from '../input/id-param';
import { companyIndexes, COUNTERS, listSortKey } from '../store/keys';
import type { Scope } from '../scope';
import { decodeCursor, encodeCursor, listingFingerprint } from '../paging/cursor';
import { countRange, keysetPage, type IndexRange, type PageBlock } from '../paging/keyset-page';
import { createdAtQuery, createdAtRange, isEmptyRange } from '../paging/created-at-range';
import { cursorParams, isDescending, limitParam, refuseAfterWithBefore, sortParam } from '../paging/list-query';
import { readCounter } from '../store/entities/account';
import type { Company } from '../resources/company';
import { COMPANY_STATUSES } from '../resources/vocabulary';
import { expandQuery } from './params';
import { companyEntity, companyIdByExternalId, getCompanyAndOpenCount, openRequirementsOf } from '../store/entities/company';
import { presentCompany } from './expand-company';
import { externalIdInput } from './field-inputs';
import { equals } from '../store/expression';

export const listCompaniesQuery = z
  .strictObject({
    account_id: idParam('account', 'account').optional(),
    external_id: externalIdInput.optional(),
    status: z.enum(COMPANY_STATUSES).optional(),
    ...createdAtQuery,
    sort: sortParam(['created_at']),
    limit: limitParam,
    ...cursorParams,
    'expand[]': expandQuery,
  })
  .superRefine(refuseAfterWithBefore);

type Query = z.output<typeof listCompaniesQuery>;

/**
 * GET /companies: the caller's companies, newest first (or `sort=created_at`), filtered by account,
 * external id, status and creation time. The narrowest index answers: the external-id guard (one
 * GetItem), companiesOfAccount, companiesOfPartnerByStatus, or companiesOfPartner. `total` comes from
 * the list counters when no status or time filter narrows the listing, else from a COUNT query of the
 * same index range (docs/decisions.md).
 */
export async function listCompanies(scope: Scope, q: Query): Promise<{ object: 'list'; page: PageBlock; items: Company[] }> {
  const descending = isDescending(q.sort);
  const bounds = createdAtRange(q);
  const listing = listingFingerprint({
    route: 'companies',
    partner: scope.partnerId,
    mode: scope.mode,
    descending,
    account_id: q.account_id ?? null,
    external_id: q.external_id ?? null,
    status: q.status ?? null,
    ...bounds,
  });
  const expand = q['expand[]'] ?? [];
  if (q.external_id !== undefined) return byExternalId(scope, q, listing, descending, bounds, expand);

  const range: IndexRange = q.account_id
    ? { ...companyIndexes.account(scope, q.account_id), ...bounds }
    : q.status
      ? { ...companyIndexes.status(scope, q.status), ...bounds }
      : { ...companyIndexes.all(scope), ...bounds };
  if (q.account_id && q.status) range.filter = equals('status', q.status);

  const narrowed = q.status !== undefined || bounds.gt !== undefined || bounds.lt !== undefined;
  const empty = isEmptyRange(bounds);
  const [result, total] = await Promise.all([
    empty
      ? { items: [], page: emptyPage(q.limit) }
      : keysetPage<Record<string, unknown>>(range, { listing, limit: q.limit, descending, after: q.after, before: q.before }),
    empty
      ? 0
      : narrowed
        ? countRange(range)
        : readCounter(scope, q.account_id ? COUNTERS.companiesOfAccount(q.account_id) : COUNTERS.companies),
  ]);
  // Each company's open-requirement count is on its item (the index projects it): no read per company.
  const items = await Promise.all(result.items.map((i) => presentCompany(scope, companyEntity.record(i), expand, openRequirementsOf(i))));
  return { object: 'list', page: { ...result.page, total }, items };
}

const emptyPage = (limit: number) => ({ start_cursor: null, end_cursor: null, has_next_page: false, has_prev_page: false, limit });

/** `external_id` names at most one company: the guard item points at it; other filters apply to it. */
async function byExternalId(
  scope: Scope,
  q: Query,
  listing: string,
  descending: boolean,
  bounds: { gt?: string; lt?: string },
  expand: NonNullable<Query['expand[]']>,
): Promise<{ object: 'list'; page: PageBlock; items: Company[] }> {
  const companyId = await companyIdByExternalId(scope, q.external_id!);
  const read = companyId ? await getCompanyAndOpenCount(scope, companyId) : undefined;
  const record = read?.record;
  let match =
    record && (!q.account_id || record.account_id === q.account_id) && (!q.status || record.status === q.status) ? record : undefined;
  const sk = match ? listSortKey(match.created_at, match.id) : undefined;
  if (sk !== undefined && ((bounds.gt !== undefined && sk <= bounds.gt) || (bounds.lt !== undefined && sk >= bounds.lt))) match = undefined;
  const total = match ? 1 : 0;
  // A cursor of this listing can only have been minted on this one item: the page beyond it is empty.
  if (q.after !== undefined || q.before !== undefined) {
    await decodeCursor(listing, (q.after ?? q.before)!, q.after !== undefined ? 'after' : 'before');
    return {
      object: 'list',
      page: {
        ...emptyPage(q.limit),
        has_prev_page: q.after !== undefined && total > 0,
        has_next_page: q.before !== undefined && total > 0,
        total,
      },
      items: [],
    };
  }
  void descending;
  const items = match ? [await presentCompany(scope, match, expand, read!.open)] : [];
  const cursor = sk !== undefined && match ? await encodeCursor(listing, sk) : null;
  return {
    object: 'list',
    page: { start_cursor: cursor, end_cursor: cursor, has_next_page: false, has_prev_page: false, limit: q.limit, total },
    items,
  };
}
