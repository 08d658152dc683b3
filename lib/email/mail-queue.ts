import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { newSqsClient } from '../aws/sqs';
import { variable } from '../config/variables';

let client: SQSClient | undefined;

/**
 * The queue sign-in codes wait in for the mail sender (docs/decisions.md, "Two readers per stream"): a
 * FIFO queue, each message its own group, read by functions/email/send-queued-mail.ts; in AWS the stack's
 * queue (with its own DLQ), on a developer's machine the SQS stand-in of the embedded default
 * (infra/local/mail-queue.ts), whose endpoint is its queue URL's origin.
 */
function queueUrl(): string {
  const url = variable('MAIL_QUEUE_URL');
  if (!url) throw new Error('MAIL_QUEUE_URL is not set: the queue of mail waiting for the mail sender');
  return url;
}

/** The queue's client (made once; a test counts what it sends, as it counts the table's round trips). */
export function mailQueueClient(): SQSClient {
  client ??= newSqsClient(variable('SQS_ENDPOINT') ? new URL(queueUrl()).origin : undefined);
  return client;
}

/**
 * Puts one sealed message on the queue. Its own group (no message waits behind another's), and its id
 * as the deduplication id: a send the SDK retries is sent once.
 */
export async function sendToMailQueue(id: string, sealed: string): Promise<void> {
  const url = queueUrl();
  await mailQueueClient().send(
    new SendMessageCommand({ QueueUrl: url, MessageBody: JSON.stringify({ id, sealed }), MessageGroupId: id, MessageDeduplicationId: id }),
  );
}

/** Close the client's sockets (tests, shutdown). */
export function resetMailQueueClient(): void {
  client?.destroy();
  client = undefined;
}
