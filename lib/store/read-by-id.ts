import { GetCommand } from './dynamodb';
import { db, tableName } from './client';
import type { WriteSet } from './write-set';

/** An item's own key. */
export interface ItemKey {
  pk: string;
  sk: string;
}

/**
 * The one way to find an object by its id alone (a file, a requirement, a service order, a tax
 * filing: each lives in its company's partition under a key its id alone does not make): a pointer
 * item, keyed by the id, holds the object's own key. The pointer is written in the object's creating
 * transaction, and both are read consistently, so the object is found the moment its creation commits
 * (an index's copy can lag behind it) and a change decides on the latest state.
 */
export function addIdPointer(ws: WriteSet, pointer: ItemKey, entity: string, item: Record<string, unknown>): void {
  ws.put({ ...pointer, entity, item_pk: item.pk as string, item_sk: item.sk as string });
}

/** The object its pointer names, with the key it was read at; undefined when either is missing. */
export async function readById(pointer: ItemKey): Promise<{ item: Record<string, unknown>; key: ItemKey } | undefined> {
  const found = await db().send(new GetCommand({ TableName: tableName(), Key: pointer, ConsistentRead: true }));
  if (!found.Item) return undefined;
  const key = { pk: found.Item.item_pk as string, sk: found.Item.item_sk as string };
  const item = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  return item.Item ? { item: item.Item, key } : undefined;
}
