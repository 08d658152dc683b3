import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../store/client';
import { serviceOrderByIdIndex } from '../store/keys';
import type { Scope } from '../store/scope';
import type { WriteSet } from '../store/write-set';
import { serviceOrderItem, toServiceOrderRecord } from '../service-orders/store';
import { OrderChanged } from './order-errors';
import type { OrderRecord } from './order-record';

const INDEX_ONLY = ['gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk', 'gsi4pk', 'gsi4sk'];

export function toOrder(item: Record<string, unknown>): OrderRecord {
  const record = toServiceOrderRecord(item) as Record<string, unknown>;
  for (const k of INDEX_ONLY) delete record[k];
  return record as OrderRecord;
}

/**
 * serviceOrderById, read consistently: the id index (gsi1) names the item, then the item itself is
 * read from the table, so a move decides on the latest state, never on a lagging index copy.
 */
export async function readOrder(scope: Scope, orderId: string): Promise<OrderRecord | undefined> {
  const index = serviceOrderByIdIndex(scope, orderId);
  const res = await db().send(
    new QueryCommand({ TableName: tableName(), IndexName: index.index, KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk', ExpressionAttributeValues: { ':pk': index.pk, ':sk': index.sk }, ProjectionExpression: 'pk, sk' }),
  );
  const key = res.Items?.[0];
  if (!key) return undefined;
  const item = await db().send(new GetCommand({ TableName: tableName(), Key: { pk: key.pk, sk: key.sk }, ConsistentRead: true }));
  return item.Item ? toOrder(item.Item) : undefined;
}

/** Adds the rewrite of an order, conditioned on the revision that was read, with the revision bumped. */
export function addOrderChange(ws: WriteSet, scope: Scope, read: OrderRecord, next: OrderRecord): OrderRecord {
  const written: OrderRecord = { ...next, revision: (read.revision ?? 0) + 1 };
  ws.put(serviceOrderItem(scope, written), {
    expression: read.revision === undefined ? 'attribute_not_exists(revision)' : 'revision = :rev',
    values: read.revision === undefined ? undefined : { ':rev': read.revision },
    onFailed: () => new OrderChanged(read.id),
  });
  return written;
}
