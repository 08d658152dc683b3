import type { StoredQueueMessage } from '../../../lib/store/entities/local-queue-message';

/** One message of a local FIFO queue, as kept in memory and written through to DynamoDB Local. */
export type Message = StoredQueueMessage;

/** A refusal in SQS's terms: `type` is the error code the SQS client reads (`ReceiptHandleIsInvalid`…). */
export class QueueError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** How long a MessageDeduplicationId is remembered (SQS: five minutes). */
export const DEDUP_WINDOW_MS = 5 * 60 * 1000;
/** Lambda's largest batch of a FIFO source. */
export const MAX_BATCH = 10;
