import { defineEntity, UNSCOPED } from '../entity';
import { queuedMailKey } from '../keys';
import { deleteItem, putItem } from '../single-item';
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

const queuedMailEntity = defineEntity<QueuedMailRecord>({
  name: QUEUED_MAIL_ENTITY,
  key: (_scope, mail) => queuedMailKey(mail.id),
  extra: (mail) => ({ [TTL_ATTRIBUTE]: Math.ceil((Date.parse(mail.created_at) + QUEUED_MAIL_TTL_MS) / 1000) }),
  internal: [TTL_ATTRIBUTE],
});

export async function putQueuedMail(record: QueuedMailRecord): Promise<void> {
  await putItem(queuedMailEntity.item(UNSCOPED, record));
}

export async function deleteQueuedMail(id: string): Promise<void> {
  await deleteItem(queuedMailKey(id));
}
