import { putStoredMessage, storedMessagesOf, writeStoredMessages } from '../../../lib/store/entities/local-queue-message';
import { logger } from '../../../lib/observability/logger';
import type { Message } from './message';

/**
 * A queue's messages as written through to DynamoDB Local, so that what was queued before a restart of
 * `npm start` is queued after it. Puts are written before a send is answered; deletes are written
 * behind (below).
 */
export class StoredMessages {
  private deleting: Message[] = [];
  private deleteWriter?: Promise<void>;

  constructor(private readonly queueName: string) {}

  /** Every message stored for this queue. */
  async load(): Promise<Message[]> {
    return storedMessagesOf(this.queueName);
  }

  /** One message as it is now. */
  async put(m: Message): Promise<void> {
    await putStoredMessage(this.queueName, m);
  }

  /** Many messages as they are now, in BatchWriteItem calls of 25 (lib/store/write-batch.ts). */
  async putMany(messages: Message[]): Promise<void> {
    await writeStoredMessages(this.queueName, { put: messages });
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
          await writeStoredMessages(this.queueName, { deleteSequences: next.map((m) => m.sequence) }).catch((error: unknown) =>
            logger.error('local FIFO lanes: deleting handled messages failed', { error: error as Error }),
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
}
