import { setTimeout as sleep } from 'node:timers/promises';
import { BatchWriteCommand } from './dynamodb';
import { db, tableName } from './client';

type Item = Record<string, unknown>;

/** One write of a batch: a whole item put, or an item deleted by its key. */
export type BatchWrite = { put: Item } | { delete: { pk: string; sk: string } };

/** DynamoDB's limit of writes in one BatchWriteItem. */
const MAX_BATCH_WRITES = 25;

/**
 * Writes without conditions, 25 per BatchWriteItem, in order of the batches; what DynamoDB leaves
 * unprocessed is written again after a growing pause (at most a second), and after nine rounds of a
 * batch still unprocessed the write throws. For writers that are the only writer of their items (a
 * lane's signer, the local queue's own store), where a put needs no condition.
 */
export async function writeBatch(writes: BatchWrite[]): Promise<void> {
  const table = tableName();
  for (let i = 0; i < writes.length; i += MAX_BATCH_WRITES) {
    let requests: Record<string, unknown>[] | undefined = writes
      .slice(i, i + MAX_BATCH_WRITES)
      .map((w) => ('put' in w ? { PutRequest: { Item: w.put } } : { DeleteRequest: { Key: w.delete } }));
    for (let round = 0; requests?.length; round++) {
      if (round > 0) await sleep(Math.min(1000, 50 * 2 ** round));
      const res = await db().send(new BatchWriteCommand({ RequestItems: { [table]: requests as never } }));
      requests = res.UnprocessedItems?.[table] as typeof requests;
      if (round > 8 && requests?.length) throw new Error('DynamoDB left writes of a batch unprocessed');
    }
  }
}
