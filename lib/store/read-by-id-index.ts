import { GetCommand, QueryCommand } from './dynamodb';
import { db, tableName } from './client';

/** Where an object's id index entry sits (gsi1: `gsi1pk`, `gsi1sk`). */
export interface IdIndexEntry {
  index: 'gsi1';
  pk: string;
  sk: string;
}

/**
 * An object found by its id alone: the id index (gsi1) names the item's key, then the item itself is
 * read from the table, consistently, so a change decides on the latest state, never on a lagging index
 * copy. Undefined when either is missing.
 */
export async function readByIdIndex(
  entry: IdIndexEntry,
): Promise<{ item: Record<string, unknown>; key: { pk: string; sk: string } } | undefined> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: entry.index,
      KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk = :sk',
      ExpressionAttributeValues: { ':pk': entry.pk, ':sk': entry.sk },
      ProjectionExpression: 'pk, sk',
    }),
  );
  const found = res.Items?.[0];
  if (!found) return undefined;
  const key = { pk: found.pk as string, sk: found.sk as string };
  const item = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return item.Item ? { item: item.Item, key } : undefined;
}
