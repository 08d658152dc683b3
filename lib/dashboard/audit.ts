import * as z from 'zod';
import { cursorParams, limitParam, refuseAfterWithBefore } from '../paging/list-query';
import { listingFingerprint } from '../paging/cursor';
import { createdAtQuery, createdAtRange, isEmptyRange } from '../paging/created-at-range';
import { countRange, keysetPage, type IndexRange, type PageBlock } from '../paging/keyset-page';
import { allOf, equals } from '../store/expression';
import { auditEntryOf, auditRange, type AuditEntryRecord } from '../store/entities/audit-entry';
import { AUDIT_ACTIONS } from '../audit/actions';
import { livemodeParam } from './schemas';

/**
 * The dashboard's audit log: every security-relevant act of the partner's staff and of the operator on
 * the partner's data, with who did it, from which address and what changed, kept a year and chained
 * by hash (lib/audit/record.ts writes it, in the transaction of the change). No route edits or deletes
 * an entry, for anyone: owners read it (docs/decisions.md, "Staff and sessions").
 */
export { recordAudit, commitAudited, type Actor, type AuditAct, type AuditAction } from '../audit/record';

export const auditQuery = z
  .strictObject({
    action: z.enum(AUDIT_ACTIONS).optional(),
    actor_email: z
      .email()
      .max(254)
      .transform((v) => v.trim().toLowerCase())
      .optional(),
    livemode: livemodeParam,
    ...createdAtQuery,
    limit: limitParam,
    ...cursorParams,
  })
  .superRefine(refuseAfterWithBefore);

type AuditQuery = z.output<typeof auditQuery>;

/** The audit page's query: its filter form sends every field, an empty one meaning "any". */
export const auditPageQuery = z.preprocess(
  (q) => (q && typeof q === 'object' ? Object.fromEntries(Object.entries(q as Record<string, unknown>).filter(([, v]) => v !== '')) : q),
  auditQuery,
);

export function viewOfAuditEntry(entry: AuditEntryRecord) {
  return {
    object: 'audit_entry' as const,
    id: entry.id,
    actor_email: entry.actor_email,
    actor_kind: entry.actor_kind,
    action: entry.action,
    target: entry.target,
    livemode: entry.livemode,
    details: entry.details,
    ip: entry.ip,
    created_at: entry.created_at,
    hash: entry.hash,
    previous_hash: entry.previous_hash,
  };
}

export type AuditEntryView = ReturnType<typeof viewOfAuditEntry>;

/** The filters on the entries' own fields, read then dropped by DynamoDB (an audit log is small). */
function filterOf(q: AuditQuery) {
  const conditions = [
    q.action !== undefined ? equals('action', q.action) : undefined,
    q.actor_email !== undefined ? equals('actor_email', q.actor_email) : undefined,
    q.livemode !== undefined ? equals('livemode', q.livemode) : undefined,
  ].filter((c) => c !== undefined);
  return conditions.length ? allOf(...conditions) : undefined;
}

/** GET /dashboard/api/audit: newest first, paged with the spec's page block, filtered by action, actor, mode and time. */
export async function listAudit(partnerId: string, q: AuditQuery): Promise<{ object: 'list'; page: PageBlock; items: AuditEntryView[] }> {
  const bounds = createdAtRange(q);
  if (isEmptyRange(bounds)) {
    return {
      object: 'list',
      page: { start_cursor: null, end_cursor: null, has_next_page: false, has_prev_page: false, limit: q.limit, total: 0 },
      items: [],
    };
  }
  const range: IndexRange = { ...auditRange(partnerId), ...bounds, filter: filterOf(q) };
  const listing = listingFingerprint({
    route: 'dashboard/audit',
    partner: partnerId,
    action: q.action ?? null,
    actor: q.actor_email ?? null,
    livemode: q.livemode ?? null,
    gt: bounds.gt ?? null,
    lt: bounds.lt ?? null,
  });
  const [page, total] = await Promise.all([
    keysetPage<Record<string, unknown>>(range, { listing, limit: q.limit, descending: true, after: q.after, before: q.before }),
    countRange(range),
  ]);
  return { object: 'list', page: { ...page.page, total }, items: page.items.map((i) => viewOfAuditEntry(auditEntryOf(i))) };
}
