import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { decryptSecret, encryptSecret } from '../crypto/envelope';
import { sendEmail } from '../email/send-email';
import type { Email } from '../email/mail-sender';
import { sendToMailQueue } from '../email/mail-queue';
import { randomBase62 } from '../ids';
import { logger } from '../observability/logger';

/**
 * Mail sent off the answer's path (docs/decisions.md, "Sign-in that cannot be worn down"): the
 * request seals the message and puts it on the mail queue, whatever the address; the queue hands it to
 * the mail sender (functions/email/send-queued-mail.ts), which sends it. So a sign-in for a staff
 * address and for any other address do the same work before answering: one sealed send. A message for
 * nobody (`to: null`) is queued all the same, and dropped by the sender. (It went through the table's
 * stream before; the stream keeps two readers: docs/decisions.md, "Two readers per stream".)
 */
export async function queueMail(email: Email | null): Promise<void> {
  const id = `mail_${randomBase62(22)}`;
  const sealed = await encryptSecret(JSON.stringify(email ?? { to: null }), sealedFor(id));
  await sendToMailQueue(id, sealed);
}

/** A message is sealed for its own id: a sealed body moved into another message does not open. */
const sealedFor = (mailId: string) => ({ record: 'queued_mail', mail_id: mailId });

/**
 * The mail sender's batch: each message sent once; a failure is handed out again by the queue, and
 * after its receives it goes to the mail DLQ (docs/runbooks/mail-sender-dlq.md).
 */
export async function sendQueuedMailBatch(event: SQSEvent, context?: Context): Promise<SQSBatchResponse> {
  const processor = new BatchProcessor(EventType.SQS);
  const handleRecord = async (record: SQSRecord) => {
    const { id, sealed } = JSON.parse(record.body) as { id: string; sealed: string };
    const message = JSON.parse(await decryptSecret(sealed, sealedFor(id))) as Email | { to: null };
    if (message.to === null) return;
    try {
      await sendEmail(message as Email);
    } catch (error) {
      // Neither the address nor SES's text (which repeats it): the message's id and the error's name (MessageRejected: SES's sandbox).
      logger.error('the mail sender could not send a message', {
        mail_id: id,
        receive_count: Number(record.attributes.ApproximateReceiveCount),
        error_name: error instanceof Error ? error.name : 'unknown',
      });
      throw error;
    }
  };
  return processPartialResponse(event, handleRecord, processor, { context, throwOnFullBatchFailure: false });
}
