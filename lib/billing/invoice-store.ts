import { GetCommand } from '../store/dynamodb';
import { db, tableName } from '../store/client';
import { invoiceCounterKey, invoicesIndex } from '../store/keys';
import type { Scope } from '../scope';
import { listingFingerprint } from '../paging/cursor';
import { keysetPage, type PageBlock } from '../paging/keyset-page';
import { recordOf } from '../store/entity';
import type { InvoiceRecord } from './invoice';

export interface InvoicePageQuery {
  limit: number;
  after?: string;
  before?: string;
}

export interface Page<T> {
  items: T[];
  page: PageBlock;
}

/**
 * invoicesOfPartner, newest first, with the spec's `page` block: the keyset pager over gsi1, whose sort
 * key is `<finalized_at>#<id>`; `total` is the counter bumped when an invoice is finalized.
 */
export async function listInvoices(scope: Scope, query: InvoicePageQuery): Promise<Page<InvoiceRecord>> {
  const listing = listingFingerprint({ route: 'invoices', partner: scope.partnerId, mode: scope.mode });
  const [{ items, page }, counter] = await Promise.all([
    keysetPage(invoicesIndex(scope), { listing, limit: query.limit, descending: true, after: query.after, before: query.before }),
    db().send(new GetCommand({ TableName: tableName(), Key: invoiceCounterKey(scope) })),
  ]);
  return {
    items: items.map((item) => recordOf<InvoiceRecord>(item)),
    page: { ...page, total: (counter.Item?.count as number | undefined) ?? 0 },
  };
}
