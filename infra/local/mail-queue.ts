import { handler as sendQueuedMail } from '../../functions/email/send-queued-mail';
import { resetMailQueueClient } from '../../lib/email/mail-queue';
import { startFifoLaneShards, type FifoLanes } from './fifo-lanes';

/**
 * The embedded default's mail queue, wired as in AWS (infra/aws/constructs/mail-queue.ts): the SQS
 * stand-in (one FIFO queue, each message its own group, no delay) → the mail sender
 * (functions/email/send-queued-mail.ts), whose outbox stands in for SES. Not a reader of the table's
 * stream: the stream has two (docs/decisions.md, "Two readers per stream"). Only the queue URL differs.
 */
export async function startLocalMailQueue(): Promise<FifoLanes> {
  const queue = await startFifoLaneShards({
    queueNames: ['mail.fifo'],
    delayMs: 0,
    visibilityTimeoutSeconds: 60,
    concurrency: 4,
    handler: sendQueuedMail,
  });
  process.env.MAIL_QUEUE_URL = queue.queueUrl;
  return {
    ...queue,
    stop: async (graceMs?: number) => {
      await queue.stop(graceMs);
      resetMailQueueClient();
    },
  };
}
