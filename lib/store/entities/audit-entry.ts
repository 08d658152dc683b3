import { tableName } from '../client';
import { defineEntity } from '../entity';
import { equals, itemAbsent } from '../expression';
import { auditEntryKey, auditHeadKey, auditOfPartner, listSortKey } from '../keys';
import { getItem } from '../read-batch';
import { TTL_ATTRIBUTE } from '../table-definition';
import type { WriteSet } from '../write-set';

/**
 * One line of a partner's audit log: who did what to which object, from where, with what changed
 * (docs/decisions.md, "The audit log and its hash chain"). Entries written before the chain have no
 * `actor_kind`, `livemode`, `details` or hashes: they read back as a staff member's, with nulls.
 */
export interface AuditEntryRecord {
  id: string;
  partner_id: string;
  actor_email: string;
  /** A person of the partner's, or an operator (`npm run ops`): the contract's two kinds. */
  actor_kind: 'staff' | 'operator';
  /** `api_key.created`, `webhook_endpoint.updated`, `settings.updated`, `staff_member.removed`, … */
  action: string;
  /** The object acted on: its id (`key_…`, `we_…`, `stf_…`), `settings`, or the address signing in. */
  target: string;
  /** The mode of the object acted on; null for what has none (settings, staff, sign-in). */
  livemode: boolean | null;
  /** What changed (`before`, `after`) and what else the act names; never a secret. */
  details: Record<string, unknown>;
  ip: string | null;
  created_at: string;
  hash: string | null;
  previous_hash: string | null;
  /** The entry's place in the chain (1, 2, …); 0 for an entry from before it. */
  seq: number;
}

/** The chain's newest entry, kept on an item of its own so the next entry knows what it follows. */
export interface AuditHeadRecord {
  partner_id: string;
  seq: number;
  hash: string;
  entry_id: string;
  created_at: string;
}

/** Entries are kept a year (and a day), then expire; nothing updates or deletes one before. */
export const AUDIT_RETENTION_MS = 366 * 24 * 60 * 60 * 1000;

export const auditEntryEntity = defineEntity<AuditEntryRecord>({
  name: 'audit_entry',
  key: (_scope, r) => auditEntryKey(r.partner_id, r.id),
  indexes: (_scope, r) => ({ ...auditOfPartner(r.partner_id), gsi1sk: listSortKey(r.created_at, r.id) }),
  extra: (r) => ({ [TTL_ATTRIBUTE]: Math.ceil((Date.parse(r.created_at) + AUDIT_RETENTION_MS) / 1000) }),
  internal: [TTL_ATTRIBUTE],
});

export const auditHeadEntity = defineEntity<AuditHeadRecord>({
  name: 'audit_head',
  key: (_scope, r) => auditHeadKey(r.partner_id),
});

/** The audit log's index range (gsi1, `<created_at>#<id>`), for keyset paging (lib/paging/keyset-page.ts). */
export const auditRange = (partnerId: string) => ({ index: 'gsi1' as const, pk: auditOfPartner(partnerId).gsi1pk });

/** The chain's head as it stands (strongly consistent: the next entry must follow the newest). */
export async function readAuditHead(partnerId: string): Promise<AuditHeadRecord | undefined> {
  const item = await getItem(tableName(), auditHeadKey(partnerId), { consistent: true });
  return item ? auditHeadEntity.record(item) : undefined;
}

/**
 * Adds entries to `ws`, each written once (never over another), and the head moved to the last of
 * them on condition that it still stands where `head` was read: when another entry was added
 * meanwhile, the whole transaction is refused with `onHeadMoved()` and nothing is written.
 */
export function addAuditEntries(
  ws: WriteSet,
  entries: AuditEntryRecord[],
  head: AuditHeadRecord | undefined,
  onHeadMoved: () => Error,
): void {
  const last = entries.at(-1);
  if (!last) return;
  for (const entry of entries) ws.put(auditEntryEntity.item(ws.scope, entry), { condition: itemAbsent() });
  const moved: AuditHeadRecord = {
    partner_id: last.partner_id,
    seq: last.seq,
    hash: last.hash!,
    entry_id: last.id,
    created_at: last.created_at,
  };
  ws.put(auditHeadEntity.item(ws.scope, moved), {
    condition: head ? equals('hash', head.hash) : itemAbsent(),
    onFailed: onHeadMoved,
  });
}

/** An entry as read back; one from before the chain gets the fields it lacks. */
export function auditEntryOf(item: Record<string, unknown>): AuditEntryRecord {
  const r = auditEntryEntity.record(item);
  return {
    ...r,
    actor_kind: r.actor_kind ?? 'staff',
    livemode: r.livemode ?? null,
    details: r.details ?? {},
    ip: r.ip ?? null,
    hash: r.hash ?? null,
    previous_hash: r.previous_hash ?? null,
    seq: r.seq ?? 0,
  };
}
