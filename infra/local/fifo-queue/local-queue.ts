import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { BatchPump } from './batch-pump';
import { QueuedMessages } from './queued-messages';
import { sqsOperations, type SqsOperations } from './sqs-operations';
import { StoredMessages } from './stored-messages';

export interface LocalQueueOptions {
  queueName: string;
  /** The queue's DeliveryDelay. */
  delayMs: number;
  /** Visibility timeout given on receipt (the queue's VisibilityTimeout). */
  visibilityTimeoutSeconds: number;
  /** How many batches may be in flight at once (Lambda concurrency). */
  concurrency: number;
  handler: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>;
  /** Lambda's timeout, handed to the handler as its remaining time. */
  invocationTimeoutMs?: number;
}

/** One queue of the stand-in, without its HTTP face (the server routes to it by the request's QueueUrl). */
export interface LocalQueue {
  operations: SqsOperations;
  poke(): void;
  peek(group: string): { messageId: string; receiveCount: number; visibleAt: number; availableAt: number }[];
  busy(): number;
  halt(graceMs?: number): Promise<void>;
}

/**
 * A FIFO queue with its event source mapping: the messages in memory (`QueuedMessages`), written
 * through to DynamoDB Local (`StoredMessages`) and read back from it on opening, handed to the handler
 * in batches (`BatchPump`), driven by the SQS operations the SDK sends (`sqsOperations`).
 */
export async function openLocalQueue(options: LocalQueueOptions): Promise<LocalQueue> {
  const stored = new StoredMessages(options.queueName);
  const queue = new QueuedMessages(options.delayMs);
  // What was queued before a restart is still queued.
  queue.restore(await stored.load());
  const pump = new BatchPump(queue, { ...options, settled: (handles) => stored.deleteBehind(queue.remove(handles)) });
  return {
    operations: sqsOperations(queue, stored, options, (delayMs) => pump.schedule(delayMs)),
    poke: () => pump.schedule(0),
    peek: (group) =>
      queue.group(group).map((m) => ({
        messageId: m.message_id,
        receiveCount: m.receive_count,
        visibleAt: m.visible_at,
        availableAt: m.available_at,
      })),
    busy: () => pump.busy(),
    halt: async (graceMs?: number) => {
      await pump.stop(graceMs);
      await stored.flushed();
    },
  };
}
