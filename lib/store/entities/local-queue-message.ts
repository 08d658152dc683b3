import { defineEntity, UNSCOPED } from '../entity';
import { localQueueMessageKey, localQueuePartition } from '../keys';
import { queryEvery } from '../query';
import { putItem } from '../single-item';
import { type BatchWrite, writeBatch } from '../write-batch';

/**
 * One message of the embedded default's FIFO queue stand-in (infra/local/fifo-queue/), written through
 * to the table so that what was queued before a restart is queued after it: one partition per queue,
 * sk the message's sequence. The stand-in is its only writer, so its writes need no condition.
 */
export interface StoredQueueMessage {
  sequence: string;
  message_id: string;
  body: string;
  group: string;
  dedup_id: string;
  sent_at: number;
  available_at: number;
  visible_at: number;
  receive_count: number;
  first_receive_at?: number;
  receipt_handle?: string;
}

const messageEntity = defineEntity<StoredQueueMessage & { queue: string }>({
  name: 'local_queue_message',
  key: (_scope, m) => localQueueMessageKey(m.queue, m.sequence),
  keyOnly: ['queue'],
});

const itemOf = (queue: string, m: StoredQueueMessage) => messageEntity.item(UNSCOPED, { ...m, queue });

/** messagesOfQueue: every message stored for `queue` (consistent). */
export async function storedMessagesOf(queue: string): Promise<StoredQueueMessage[]> {
  const items = await queryEvery({ partition: localQueuePartition(queue), consistent: true });
  return items.map((i) => messageEntity.record(i) as StoredQueueMessage);
}

/** One message as it is now. */
export async function putStoredMessage(queue: string, m: StoredQueueMessage): Promise<void> {
  await putItem(itemOf(queue, m));
}

/** Messages put as they are now, and others deleted (by their sequence), in batches. */
export async function writeStoredMessages(
  queue: string,
  writes: { put?: StoredQueueMessage[]; deleteSequences?: string[] },
): Promise<void> {
  const batch: BatchWrite[] = [
    ...(writes.put ?? []).map((m) => ({ put: itemOf(queue, m) })),
    ...(writes.deleteSequences ?? []).map((sequence) => ({ delete: localQueueMessageKey(queue, sequence) })),
  ];
  await writeBatch(batch);
}
