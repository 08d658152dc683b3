import * as z from 'zod';
import { newId } from '../ids';
import { nowIso } from '../clock';
import { cursorParams, limitParam, refuseAfterWithBefore } from '../paging/list-query';
import { listingFingerprint } from '../paging/cursor';
import { countRange, keysetPage, type PageBlock } from '../paging/keyset-page';
import { auditEntryOf, auditRange, putAuditEntry, type AuditEntryRecord } from '../store/entities/audit-entry';

/**
 * The dashboard's audit log: every change to keys, endpoints, settings and staff, with who made it and
 * from which address, kept a year. No route edits or deletes an entry, for anyone: the people it names
 * can read it (owners) and nothing more (docs/decisions.md, "Staff and sessions").
 */
export type AuditAction =
  | 'api_key.created'
  | 'api_key.revoked'
  | 'webhook_endpoint.created'
  | 'webhook_endpoint.updated'
  | 'webhook_endpoint.deleted'
  | 'webhook_endpoint.disabled'
  | 'webhook_endpoint.enabled'
  | 'webhook_endpoint.secret_rolled'
  | 'webhook_endpoint.secret_rolled_previous_retired'
  | 'webhook_endpoint.secret_retired'
  | 'webhook_endpoint.signing_key_rotated'
  | 'webhook_endpoint.recovered'
  | 'settings.updated'
  | 'staff_member.invited'
  | 'staff_member.removed'
  | 'sessions.signed_out_everywhere';

/** Who acts: the signed-in person of a partner and the address the request came from. */
export interface Actor {
  partner_id: string;
  email: string;
  ip: string;
}

/** Records one change; written after the change succeeded, so the log never names a change that did not happen. */
export async function recordAudit(actor: Actor, action: AuditAction, target: string): Promise<void> {
  await putAuditEntry({
    id: newId('auditEntry'),
    partner_id: actor.partner_id,
    actor_email: actor.email,
    action,
    target,
    ip: actor.ip,
    created_at: nowIso(),
  });
}

export const auditQuery = z.strictObject({ limit: limitParam, ...cursorParams }).superRefine(refuseAfterWithBefore);

export function viewOfAuditEntry(entry: AuditEntryRecord) {
  return {
    object: 'audit_entry' as const,
    id: entry.id,
    actor_email: entry.actor_email,
    action: entry.action,
    target: entry.target,
    ip: entry.ip,
    created_at: entry.created_at,
  };
}

/** GET /dashboard/api/audit: newest first, paged with the spec's page block. */
export async function listAudit(
  partnerId: string,
  q: z.output<typeof auditQuery>,
): Promise<{ object: 'list'; page: PageBlock; items: ReturnType<typeof viewOfAuditEntry>[] }> {
  const range = auditRange(partnerId);
  const listing = listingFingerprint({ route: 'dashboard/audit', partner: partnerId });
  const [page, total] = await Promise.all([
    keysetPage<Record<string, unknown>>(range, { listing, limit: q.limit, descending: true, after: q.after, before: q.before }),
    countRange(range),
  ]);
  return { object: 'list', page: { ...page.page, total }, items: page.items.map((i) => viewOfAuditEntry(auditEntryOf(i))) };
}
