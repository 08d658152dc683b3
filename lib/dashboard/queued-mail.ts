import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { decryptSecret, encryptSecret } from '../crypto/envelope';
import { sendEmail } from '../email/send-email';
import type { Email } from '../email/mail-sender';
import { randomBase62 } from '../ids';
import { nowIso } from '../clock';
import { deleteQueuedMail, putQueuedMail } from '../store/entities/queued-mail';
import { QUEUED_MAIL_ENTITY } from '../store/table-definition';

/**
 * Mail sent off the answer's path (docs/decisions.md, "Sign-in that cannot be worn down"): the
 * request seals the message and writes it to the table, whatever the address; the table's stream
 * hands it to the mail sender (functions/email/send-queued-mail.ts), which sends it and deletes it. So
 * a sign-in for a staff address and for any other address do the same work before answering: one
 * sealed write. A message for nobody (`to: null`) is written all the same, and dropped by the sender.
 */
export async function queueMail(email: Email | null): Promise<void> {
  const sealed = await encryptSecret(JSON.stringify(email ?? { to: null }));
  await putQueuedMail({ id: `mail_${randomBase62(22)}`, sealed, created_at: nowIso() });
}

/** The mail sender's batch: each new queued message sent once, then deleted; a failure is retried by the stream. */
export async function sendQueuedMailBatch(event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> {
  const processor = new BatchProcessor(EventType.DynamoDBStreams);
  const handleRecord = async (record: DynamoDBRecord) => {
    const image = record.dynamodb?.NewImage;
    if (record.eventName !== 'INSERT' || !image) return;
    const item = unmarshall(image as Record<string, AttributeValue>) as { entity?: string; id: string; sealed: string };
    if (item.entity !== QUEUED_MAIL_ENTITY) return;
    const message = JSON.parse(await decryptSecret(item.sealed)) as Email | { to: null };
    if (message.to !== null) await sendEmail(message as Email);
    await deleteQueuedMail(item.id);
  };
  return processPartialResponse(event, handleRecord, processor, { context, throwOnFullBatchFailure: false });
}
