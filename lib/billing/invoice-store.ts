import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../store/client';
import { invoiceCounterKey, invoicesIndex } from '../store/keys';
import type { Scope } from '../scope';
import { decodeCursor, encodeCursor, listingFingerprint } from '../paging/cursor';
import type { InvoiceRecord } from './invoice';

export interface InvoicePageQuery {
  limit: number;
  after?: string;
  before?: string;
}

export interface Page<T> {
  items: T[];
  page: { start_cursor: string | null; end_cursor: string | null; has_next_page: boolean; has_prev_page: boolean; limit: number; total: number };
}

const strip = (item: Record<string, unknown>) => {
  const { pk: _p, sk: _s, entity: _e, gsi1pk: _g, gsi1sk: _h, ...record } = item;
  return record as unknown as InvoiceRecord & { gsi1sk?: string };
};

/**
 * invoicesOfPartner, newest first, with the spec's `page` block. Positions are the gsi1 sort key
 * (`<finalized_at>#<id>`); `total` is the counter bumped when an invoice is finalized.
 */
export async function listInvoices(scope: Scope, query: InvoicePageQuery): Promise<Page<InvoiceRecord>> {
  const listing = listingFingerprint({ route: 'invoices', partner: scope.partnerId, mode: scope.mode });
  const index = invoicesIndex(scope);
  const backward = query.before !== undefined;
  const position = query.after ? decodeCursor<string>(listing, query.after, 'after') : query.before ? decodeCursor<string>(listing, query.before, 'before') : undefined;
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index.index,
      KeyConditionExpression: position === undefined ? 'gsi1pk = :pk' : backward ? 'gsi1pk = :pk AND gsi1sk > :pos' : 'gsi1pk = :pk AND gsi1sk < :pos',
      ExpressionAttributeValues: { ':pk': index.pk, ...(position !== undefined ? { ':pos': position } : {}) },
      // Newest first: descending, unless paging backward (then ascending and reversed below).
      ScanIndexForward: backward,
      Limit: query.limit + 1,
    }),
  );
  const rows = (res.Items ?? []).map((item) => ({ sk: item.gsi1sk as string, record: strip(item) }));
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  if (backward) page.reverse();
  const counter = await db().send(new GetCommand({ TableName: tableName(), Key: invoiceCounterKey(scope) }));
  const first = page[0];
  const last = page[page.length - 1];
  return {
    items: page.map((r) => r.record),
    page: {
      start_cursor: first ? encodeCursor(listing, first.sk) : null,
      end_cursor: last ? encodeCursor(listing, last.sk) : null,
      has_next_page: backward ? position !== undefined : more,
      has_prev_page: backward ? more : position !== undefined,
      limit: query.limit,
      total: (counter.Item?.count as number | undefined) ?? 0,
    },
  };
}
