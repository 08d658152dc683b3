import { DeleteCommand, PutCommand } from '../dynamodb';
import { db, tableName } from '../client';
import { queuedMailKey } from '../keys';
import { QUEUED_MAIL_ENTITY, TTL_ATTRIBUTE } from '../table-definition';

/**
 * A message waiting for the mail sender: its whole content sealed (lib/crypto/envelope.ts), since it
 * may carry a one-time code. The table's stream hands it to the sender, which deletes it once sent; the
 * TTL clears one the sender never saw.
 */
export interface QueuedMailRecord {
  id: string;
  sealed: string;
  created_at: string;
}

export const QUEUED_MAIL_TTL_MS = 60 * 60 * 1000;

export async function putQueuedMail(record: QueuedMailRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...queuedMailKey(record.id),
        entity: QUEUED_MAIL_ENTITY,
        ...record,
        [TTL_ATTRIBUTE]: Math.ceil((Date.parse(record.created_at) + QUEUED_MAIL_TTL_MS) / 1000),
      },
    }),
  );
}

export async function deleteQueuedMail(id: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: queuedMailKey(id) }));
}
