/** One message of a local FIFO queue, as kept in memory and written through to DynamoDB Local. */
export interface Message {
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
