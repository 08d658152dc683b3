import * as z from 'zod';
import { listingFingerprint } from '../paging/cursor';
import { keysetPage, type PageBlock } from '../paging/keyset-page';
import { cursorParams, isDescending, limitParam, refuseAfterWithBefore, sortParam } from '../paging/list-query';
import { accountIndexes, COUNTERS } from '../store/keys';
import type { Scope } from '../scope';
import { renderAccount, type Account } from '../resources/account';
import { accountEntity, readCounter } from '../store/entities/account';

export const listAccountsQuery = z
  .strictObject({ sort: sortParam(['created_at']), limit: limitParam, ...cursorParams })
  .superRefine(refuseAfterWithBefore);

/**
 * GET /accounts (spec): newest first by default, `sort=created_at` for oldest first; `total` is the
 * `accounts` counter, bumped in every account-creating transaction, so it costs one read.
 */
export async function listAccounts(
  scope: Scope,
  q: z.output<typeof listAccountsQuery>,
): Promise<{ object: 'list'; page: PageBlock; items: Account[] }> {
  const descending = isDescending(q.sort);
  const listing = listingFingerprint({ route: 'accounts', partner: scope.partnerId, mode: scope.mode, descending });
  const [{ items, page }, total] = await Promise.all([
    keysetPage<Record<string, unknown>>(accountIndexes.all(scope), {
      listing,
      limit: q.limit,
      descending,
      after: q.after,
      before: q.before,
    }),
    readCounter(scope, COUNTERS.accounts),
  ]);
  return { object: 'list', page: { ...page, total }, items: items.map((i) => renderAccount(accountEntity.record(i))) };
}
