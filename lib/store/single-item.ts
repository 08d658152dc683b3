import { DeleteCommand, PutCommand, UpdateCommand } from './dynamodb';
import { db, tableName } from './client';
import { isConditionFailed } from './condition-failed';
import { type Condition, renderExpressions, type Update } from './expression';

type Item = Record<string, unknown>;
type Key = Record<string, unknown>;

/**
 * Writes of one item outside a transaction, as data (lib/store/expression.ts): what the entities'
 * named writes are made of. A write whose `condition` fails answers `undefined` (or false) instead of
 * throwing (`isConditionFailed`); any other refusal throws.
 *
 * The writes that IAM narrows to a key prefix (the rate-limit counter, idempotency records, the
 * request log: infra/aws/access/narrowed-modules.ts) send their own commands in their own entity
 * modules instead, so that their grants stay theirs.
 */

/** Puts `item` (in `table`, the one table by default); false when `condition` failed (nothing written). */
export async function putItem(item: Item, condition?: Condition, table: string = tableName()): Promise<boolean> {
  try {
    await db().send(new PutCommand({ TableName: table, Item: item, ...renderExpressions(undefined, condition ? [condition] : []) }));
    return true;
  } catch (error) {
    if (condition && isConditionFailed(error)) return false;
    throw error;
  }
}

/**
 * Updates the item at `key`; its attributes after the update (all of them with `returning: 'all'`,
 * the updated ones with `'updated'`, none by default: `{}`), or undefined when `condition` failed.
 */
export async function updateItem(
  key: Key,
  update: Update,
  condition?: Condition,
  returning?: 'all' | 'updated',
): Promise<Item | undefined> {
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        ...renderExpressions(update, condition ? [condition] : []),
        ReturnValues: returning === 'all' ? 'ALL_NEW' : returning === 'updated' ? 'UPDATED_NEW' : undefined,
      }),
    );
    return res.Attributes ?? {};
  } catch (error) {
    if (condition && isConditionFailed(error)) return undefined;
    throw error;
  }
}

/** Deletes the item at `key`; the item as it was (undefined when there was none, or `condition` failed). */
export async function deleteItem(key: Key, condition?: Condition): Promise<Item | undefined> {
  try {
    const res = await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: key,
        ...renderExpressions(undefined, condition ? [condition] : []),
        ReturnValues: 'ALL_OLD',
      }),
    );
    return res.Attributes;
  } catch (error) {
    if (condition && isConditionFailed(error)) return undefined;
    throw error;
  }
}
