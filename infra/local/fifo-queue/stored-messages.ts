import { BatchWriteCommand, PutCommand, QueryCommand } from '../../../lib/store/dynamodb';
import { db, tableName } from '../../../lib/store/client';
import { localQueueMessageKey, localQueuePartition } from '../../../lib/store/keys';
import { logger } from '../../../lib/observability/logger';
import type { Message } from './message';

type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/**
 * A queue's messages as written through to DynamoDB Local, so that what was queued before a restart of
 * `npm start` is queued after it. Puts are written before a send is answered; deletes are written
 * behind (below).
 */
export class StoredMessages {
  private readonly table = tableName();
  private deleting: Message[] = [];
  private deleteWriter?: Promise<void>;

  constructor(private readonly queueName: string) {}

  /** Every message stored for this queue. */
  async load(): Promise<Message[]> {
    const out: Message[] = [];
    let start: Record<string, unknown> | undefined;
    do {
      const res = await db().send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': localQueuePartition(this.queueName) },
          ExclusiveStartKey: start,
          ConsistentRead: true,
        }),
      );
      out.push(...((res.Items ?? []) as unknown as Message[]));
      start = res.LastEvaluatedKey;
    } while (start);
    return out;
  }

  /** One message as it is now. */
  async put(m: Message): Promise<void> {
    await db().send(new PutCommand({ TableName: this.table, Item: this.itemOf(m) }));
  }

  /** Many messages as they are now, in BatchWriteItem calls of 25. */
  async putMany(messages: Message[]): Promise<void> {
    await this.write(messages.map((m) => ({ PutRequest: { Item: this.itemOf(m) } })));
  }

  /**
   * Deletes are written behind: the in-memory queue is the truth while running, so a group's next
   * batch need not wait for DynamoDB Local. They are written one call after another, in the order they
   * were removed (those that pile up meanwhile go together), so after a kill the stored queue still
   * holds each group's messages from some point on, in order: at most messages already handled come
   * again (at least once, as after a kill between the handler and the delete).
   */
  deleteBehind(gone: Message[]): void {
    if (gone.length === 0) return;
    this.deleting.push(...gone);
    this.deleteWriter ??= (async () => {
      try {
        while (this.deleting.length) {
          const next = this.deleting;
          this.deleting = [];
          // A failed delete leaves the messages stored (handed out again only after a restart).
          await this.write(next.map((m) => ({ DeleteRequest: { Key: localQueueMessageKey(this.queueName, m.sequence) } }))).catch(
            (error: unknown) => logger.error('local FIFO lanes: deleting handled messages failed', { error: error as Error }),
          );
        }
      } finally {
        this.deleteWriter = undefined;
      }
    })();
  }

  /** Resolves once every delete written behind is written. */
  async flushed(): Promise<void> {
    await this.deleteWriter;
  }

  private itemOf(m: Message): Record<string, unknown> {
    return { ...localQueueMessageKey(this.queueName, m.sequence), entity: 'local_queue_message', ...m };
  }

  private async write(requests: WriteRequest[]): Promise<void> {
    for (let i = 0; i < requests.length; i += 25) {
      let pending: WriteRequest[] | undefined = requests.slice(i, i + 25);
      while (pending?.length) {
        const res = await db().send(new BatchWriteCommand({ RequestItems: { [this.table]: pending } }));
        pending = res.UnprocessedItems?.[this.table] as WriteRequest[] | undefined;
      }
    }
  }
}
