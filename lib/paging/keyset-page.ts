import { QueryCommand, type QueryCommandInput } from '../store/dynamodb';
import { db, tableName } from '../store/client';
import { queryPages } from '../store/query-all';
import { decodeCursor, encodeCursor } from './cursor';

/** The spec's `page` block: all six fields on every paged list. */
export interface PageBlock {
  start_cursor: string | null;
  end_cursor: string | null;
  has_next_page: boolean;
  has_prev_page: boolean;
  limit: number;
  total: number;
}

export interface IndexRange {
  index: 'gsi1' | 'gsi2' | 'gsi3' | 'gsi4';
  pk: string;
  /** Bounds on the index sort key (`<created_at>#<id>`), inclusive or exclusive, from `created_at[…]` filters. */
  gt?: string;
  lt?: string;
  /** A DynamoDB filter over non-key attributes (e.g. `#status = :status`). */
  filter?: { expression: string; names: Record<string, string>; values: Record<string, unknown> };
}

export interface PageRequest {
  /** The listing fingerprint (lib/paging/cursor.ts): cursors are valid only for the listing that minted them. */
  listing: string;
  limit: number;
  descending: boolean;
  after?: string;
  before?: string;
}

/**
 * One page of a keyset-paged listing over a GSI whose sort key is unique per item. `after` continues
 * in the listing's direction from an `end_cursor`; `before` walks back from a `start_cursor` (queried
 * in the opposite direction, then put back in listing order). One item more than the page is read to
 * know whether the page has a neighbour in the direction read; a page reached through a cursor has one
 * on the side it came from (the item the cursor was minted on).
 */
export async function keysetPage<T extends Record<string, unknown>>(
  range: IndexRange,
  req: PageRequest,
): Promise<{ items: T[]; page: Omit<PageBlock, 'total'> }> {
  const skName = `${range.index}sk`;
  const backwards = req.before !== undefined;
  const position =
    req.after !== undefined
      ? decodeCursor<string>(req.listing, req.after, 'after')
      : req.before !== undefined
        ? decodeCursor<string>(req.listing, req.before, 'before')
        : undefined;
  // Reading forward (ascending sk) when the listing ascends and we go on, or descends and we go back.
  const ascending = req.descending === backwards;
  let lower = range.gt;
  let upper = range.lt;
  if (position !== undefined) {
    if (ascending) lower = lower === undefined || position > lower ? position : lower;
    else upper = upper === undefined || position < upper ? position : upper;
  }
  const key = keyCondition(range, lower, upper);
  const names = { ...key.names, ...range.filter?.names };
  const values = { ...key.values, ...range.filter?.values };

  const wanted = req.limit + 1;
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const input: QueryCommandInput = {
      TableName: tableName(),
      IndexName: range.index,
      KeyConditionExpression: key.expression,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ScanIndexForward: ascending,
      Limit: range.filter ? Math.max(wanted, 50) : wanted - items.length,
      ExclusiveStartKey: startKey,
      FilterExpression: range.filter?.expression,
    };
    const res = await db().send(new QueryCommand(input));
    // BETWEEN is inclusive: the item a cursor was minted on is not part of the next page.
    items.push(...((res.Items ?? []) as T[]).filter((i) => i[skName] !== upper));
    startKey = res.LastEvaluatedKey;
  } while (startKey && items.length < wanted);

  const more = items.length > req.limit;
  const pageItems = items.slice(0, req.limit);
  if (backwards) pageItems.reverse();
  const first = pageItems[0]?.[skName] as string | undefined;
  const last = pageItems[pageItems.length - 1]?.[skName] as string | undefined;
  return {
    items: pageItems,
    page: {
      start_cursor: first !== undefined ? encodeCursor(req.listing, first) : null,
      end_cursor: last !== undefined ? encodeCursor(req.listing, last) : null,
      has_next_page: backwards ? true : more,
      has_prev_page: backwards ? more : position !== undefined,
      limit: req.limit,
    },
  };
}

/**
 * `total` of a filtered listing that no counter covers: a COUNT Query over the same key range and
 * filter. It reads the matching index range (no items are returned), so its cost grows with the
 * matches of that filter, never with the whole table.
 */
export async function countRange(range: IndexRange): Promise<number> {
  const key = keyCondition(range, range.gt, range.lt);
  let total = 0;
  const pages = queryPages({
    TableName: tableName(),
    IndexName: range.index,
    KeyConditionExpression: key.expression,
    ExpressionAttributeNames: { ...key.names, ...range.filter?.names },
    ExpressionAttributeValues: { ...key.values, ...range.filter?.values },
    FilterExpression: range.filter?.expression,
    Select: 'COUNT',
  });
  for await (const page of pages) total += page.count;
  return total;
}

/**
 * The key condition for sort keys strictly between `lower` and `upper` (either optional). DynamoDB has
 * one sort-key condition per query, and BETWEEN is inclusive: the lower bound becomes inclusive by
 * appending the smallest character; an upper bound that is a real sort key (a cursor) is read
 * inclusively and its item dropped by the caller. Filter bounds are never real keys (see
 * lib/paging/created-at-range.ts).
 */
function keyCondition(range: IndexRange, lower: string | undefined, upper: string | undefined) {
  const names: Record<string, string> = { '#pk': `${range.index}pk` };
  const values: Record<string, unknown> = { ':pk': range.pk };
  let expression = '#pk = :pk';
  if (lower !== undefined || upper !== undefined) names['#sk'] = `${range.index}sk`;
  if (lower !== undefined && upper !== undefined) {
    expression += ' AND #sk BETWEEN :lo AND :hi';
    values[':lo'] = `${lower}\u0000`;
    values[':hi'] = upper;
  } else if (lower !== undefined) {
    expression += ' AND #sk > :lo';
    values[':lo'] = lower;
  } else if (upper !== undefined) {
    expression += ' AND #sk < :hi';
    values[':hi'] = upper;
  }
  return { expression, names, values };
}
