import { PutCommand } from '../dynamodb';
import { tableName, db } from '../client';
import { auditEntryKey, auditOfPartner, listSortKey } from '../keys';
import { TTL_ATTRIBUTE } from '../table-definition';
import { recordOf } from '../entity';

/** One line of a partner's audit log: who did what to which object, from where. */
export interface AuditEntryRecord {
  id: string;
  partner_id: string;
  actor_email: string;
  /** `api_key.created`, `webhook_endpoint.updated`, `settings.updated`, `staff_member.removed`, … */
  action: string;
  /** The object acted on: its id (`key_…`, `we_…`, `stf_…`), or `settings`. */
  target: string;
  ip: string;
  created_at: string;
}

/** Entries are kept a year (and a day), then expire; nothing updates or deletes one before. */
export const AUDIT_RETENTION_MS = 366 * 24 * 60 * 60 * 1000;

/** The audit log's index range (gsi1, `<created_at>#<id>`), for keyset paging (lib/paging/keyset-page.ts). */
export const auditRange = (partnerId: string) => ({ index: 'gsi1' as const, pk: auditOfPartner(partnerId).gsi1pk });

export async function putAuditEntry(record: AuditEntryRecord): Promise<void> {
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...auditEntryKey(record.partner_id, record.id),
        entity: 'audit_entry',
        ...record,
        ...auditOfPartner(record.partner_id),
        gsi1sk: listSortKey(record.created_at, record.id),
        [TTL_ATTRIBUTE]: Math.ceil((Date.parse(record.created_at) + AUDIT_RETENTION_MS) / 1000),
      },
      // An entry is written once: never over another.
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export const auditEntryOf = (item: Record<string, unknown>) => recordOf<AuditEntryRecord>(item, [TTL_ATTRIBUTE]);
