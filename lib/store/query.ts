import { QueryCommand, type QueryCommandOutput } from './dynamodb';
import { db, tableName } from './client';
import { type Condition, renderExpressions, renderKeyCondition, renderProjection, type SortKeyRange } from './expression';
import type { IndexName } from './table-definition';

type Item = Record<string, unknown>;

/**
 * One partition's items, as data (rendered into a Query by `queryPage`): the table's partition or an
 * index's, a range of sort keys, the order, and what else to filter or keep. The entities' named
 * reads are made of it; no caller outside lib/store writes a key condition.
 */
export interface PartitionQuery {
  /** The table (the one table by default). */
  table?: string;
  /** The partition key's value (`pk`, or the index's `gsiNpk`). */
  partition: string;
  index?: IndexName;
  /** The sort keys to read: one prefix, a range (bounds inclusive), or those from/to (inclusive) or above/below (exclusive) one value. */
  sortKey?: SortKeyRange;
  newestFirst?: boolean;
  /** Conditions on the items' other attributes (DynamoDB's filter: read, then dropped). */
  filter?: Condition;
  /** Only these attributes of each item. */
  attributes?: string[];
  consistent?: boolean;
  /** At most this many items read per page. */
  limit?: number;
  /** Where the previous page stopped (its `next`). */
  after?: Item;
  /** Count the items instead of returning them. */
  countOnly?: boolean;
}

export interface QueryPage {
  items: Item[];
  /** Items counted (those the filter kept; all of them with `countOnly`). */
  count: number;
  /** Items read before the filter. */
  scanned: number;
  /** Where to continue; absent on the last page. */
  next?: Item;
  /** The answer itself (its `ConsumedCapacity`, when asked for by `withCapacity`). */
  response: QueryCommandOutput;
}

/** The Query of a partition query, rendered. */
export function queryInputOf(q: PartitionQuery, options: { withCapacity?: boolean } = {}) {
  const key = renderKeyCondition(
    { partition: q.index ? `${q.index}pk` : 'pk', sort: q.index ? `${q.index}sk` : 'sk' },
    q.partition,
    q.sortKey,
  );
  const filter = q.filter ? renderExpressions(undefined, [q.filter]) : undefined;
  const projection = q.attributes ? renderProjection(q.attributes) : undefined;
  return {
    TableName: q.table ?? tableName(),
    IndexName: q.index,
    KeyConditionExpression: key.KeyConditionExpression,
    FilterExpression: filter?.ConditionExpression,
    ProjectionExpression: projection?.ProjectionExpression,
    ExpressionAttributeNames: {
      ...key.ExpressionAttributeNames,
      ...projection?.ExpressionAttributeNames,
      ...filter?.ExpressionAttributeNames,
    },
    ExpressionAttributeValues: { ...key.ExpressionAttributeValues, ...filter?.ExpressionAttributeValues },
    ScanIndexForward: q.newestFirst ? false : undefined,
    ConsistentRead: q.consistent,
    Limit: q.limit,
    ExclusiveStartKey: q.after,
    Select: q.countOnly ? ('COUNT' as const) : undefined,
    ...(options.withCapacity ? { ReturnConsumedCapacity: 'TOTAL' as const } : {}),
  };
}

/** One page of a partition query. */
export async function queryPage(q: PartitionQuery, options: { withCapacity?: boolean } = {}): Promise<QueryPage> {
  const res = await db().send(new QueryCommand(queryInputOf(q, options)));
  return { items: res.Items ?? [], count: res.Count ?? 0, scanned: res.ScannedCount ?? 0, next: res.LastEvaluatedKey, response: res };
}

/** The pages of a partition query, following each page's `next`. */
export async function* queryPagesOf(q: PartitionQuery, options: { withCapacity?: boolean } = {}): AsyncGenerator<QueryPage> {
  let after = q.after;
  do {
    const page = await queryPage({ ...q, after }, options);
    yield page;
    after = page.next;
  } while (after);
}

/** How many items a partition query matches (`Select: COUNT`), page after page. */
export async function queryCount(q: PartitionQuery): Promise<number> {
  let count = 0;
  for await (const page of queryPagesOf({ ...q, countOnly: true })) count += page.count;
  return count;
}

/** Every item of a partition query, page after page. */
export async function queryEvery(q: PartitionQuery): Promise<Item[]> {
  const out: Item[] = [];
  for await (const page of queryPagesOf(q)) out.push(...page.items);
  return out;
}
