import { finalizedInvoiceCount, invoiceOfItem, invoicesRange } from '../store/entities/invoice';
import type { Scope } from '../scope';
import { listingFingerprint } from '../paging/cursor';
import { keysetPage, type PageBlock } from '../paging/keyset-page';
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
/** The listing a cursor of a mode's invoices belongs to (lib/paging/cursor.ts). */
export const invoiceListing = (scope: Scope) => listingFingerprint({ route: 'invoices', partner: scope.partnerId, mode: scope.mode });

export async function listInvoices(scope: Scope, query: InvoicePageQuery): Promise<Page<InvoiceRecord>> {
  const listing = invoiceListing(scope);
  const [{ items, page }, counter] = await Promise.all([
    keysetPage(invoicesRange(scope), { listing, limit: query.limit, descending: true, after: query.after, before: query.before }),
    finalizedInvoiceCount(scope),
  ]);
  return { items: items.map(invoiceOfItem), page: { ...page, total: counter } };
}
