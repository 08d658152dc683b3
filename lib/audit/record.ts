import { tableName } from '../store/client';
import { WriteSet } from '../store/write-set';
import { addAuditEntries, readAuditHead, type AuditEntryRecord, type AuditHeadRecord } from '../store/entities/audit-entry';
import { commit, CommitContention } from '../event-log/commit';
import { realNow } from '../clock';
import { newId } from '../ids';
import type { Scope } from '../scope';
import type { AuditAction } from './actions';
import { entryHash } from './chain';

export type { AuditAction } from './actions';

/**
 * Who acts: a signed-in person of a partner (`staff`, with the address the request came from), or an
 * operator running `npm run ops` on the partner's data (`operator`, named as lib/operator names them).
 * The contract's `actor_kind` has these two values only: an API key's requests are the request log's.
 */
export interface Actor {
  partner_id: string;
  email: string;
  ip: string | null;
  kind?: 'staff' | 'operator';
}

/** One act as the audit log records it. `details` says what changed (`before`, `after`); never a secret. */
export interface AuditAct {
  actor: Actor;
  action: AuditAction;
  target: string;
  livemode?: boolean | null;
  details?: Record<string, unknown>;
}

/** A change built into a WriteSet, its result, and the acts to record with it (none: nothing to record). */
export interface Audited<T> {
  value: T;
  acts: AuditAct[];
}

/** How often a change is built again when other entries of its partner took the chain's head meanwhile. */
export const AUDIT_HEAD_ATTEMPTS = 8;

/**
 * What a change was built on moved on before its transaction (nothing written): a condition's refusal
 * that means "build it again on what now stands". A build may use it for its own reads too (the key
 * revoked meanwhile, the settings changed meanwhile).
 */
export class ChangedMeanwhile extends Error {
  constructor(what = 'what the change read') {
    super(`${what} changed meanwhile`);
  }
}

/** Another entry joined the partner's chain between reading its head and this transaction. */
export class AuditHeadMoved extends ChangedMeanwhile {
  constructor() {
    super('the audit chain');
  }
}

/**
 * Commits a change and its audit entries in ONE transaction (lib/event-log/commit.ts, with the events
 * it records): no change without its entry, no entry without its change. `build` adds the change to a
 * fresh WriteSet (reading what it needs) and names the acts; each partner's chain head is read, the
 * entries chained to it, and the head moved on condition that it still stands there
 * (docs/decisions.md, "The audit log and its hash chain"). When another entry won the head meanwhile the
 * transaction writes nothing, and the change is built again on what now stands (so too when a
 * condition of the change's own refuses with ChangedMeanwhile), at most
 * AUDIT_HEAD_ATTEMPTS times (then CommitContention: 429, nothing written). `build` must therefore have
 * no effect outside its WriteSet. `scope` is the WriteSet's: the partner and mode of the events it records. A change whose own condition fails throws its refusal, as commit() does.
 */
export async function commitAudited<T>(scope: Scope, build: (ws: WriteSet) => Promise<Audited<T>> | Audited<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const ws = new WriteSet(scope, tableName());
    const { value, acts } = await build(ws);
    if (!acts.length && !ws.actions.length && !ws.events.length) return value;
    await addEntries(ws, acts);
    try {
      await commit(ws);
      return value;
    } catch (error) {
      if (!(error instanceof ChangedMeanwhile)) throw error;
      if (attempt >= AUDIT_HEAD_ATTEMPTS) throw new CommitContention();
    }
  }
}

/** Records acts that change nothing else (a failed sign-in, a roll asked for): the entries alone. */
export async function recordAudit(
  actor: Actor,
  action: AuditAction,
  target: string,
  more: { livemode?: boolean | null; details?: Record<string, unknown> } = {},
): Promise<void> {
  const scope: Scope = { partnerId: actor.partner_id, mode: more.livemode === false ? 'test' : 'live' };
  await commitAudited(scope, () => ({ value: undefined, acts: [{ actor, action, target, ...more }] }));
}

/** Each partner's entries chained to its head, in the order given, and the head moved to the last. */
async function addEntries(ws: WriteSet, acts: AuditAct[]): Promise<void> {
  const partners = [...new Set(acts.map((a) => a.actor.partner_id))];
  const heads = await Promise.all(partners.map(readAuditHead));
  partners.forEach((partnerId, i) => {
    const head = heads[i];
    let previous = { hash: head?.hash ?? null, seq: head?.seq ?? 0, at: head?.created_at };
    const entries = acts
      .filter((a) => a.actor.partner_id === partnerId)
      .map((act) => {
        const entry = entryOf(act, previous);
        previous = { hash: entry.hash, seq: entry.seq, at: entry.created_at };
        return entry;
      });
    addAuditEntries(ws, entries, head as AuditHeadRecord | undefined, () => new AuditHeadMoved());
  });
}

/**
 * One entry after `previous`: later than it (so the log's newest-first order is the chain's order, one
 * millisecond on when the clock has not moved), stamped in real time, with its hash.
 */
function entryOf(act: AuditAct, previous: { hash: string | null; seq: number; at?: string }): AuditEntryRecord {
  const at = Math.max(realNow().getTime(), previous.at ? Date.parse(previous.at) + 1 : 0);
  const details = plainDetails(act.details ?? {});
  const fields = {
    id: newId('auditEntry'),
    actor_email: act.actor.email,
    actor_kind: act.actor.kind ?? 'staff',
    action: act.action,
    target: act.target,
    livemode: act.livemode ?? null,
    details,
    ip: act.actor.ip,
    created_at: new Date(at).toISOString(),
    previous_hash: previous.hash,
  };
  return { ...fields, partner_id: act.actor.partner_id, hash: entryHash(fields), seq: previous.seq + 1 };
}

/** An API key's or a webhook secret's text (a key's hint, its prefix and four characters, is no secret). */
const SECRET = /\b(svc_(live|test)_|whsec_)[A-Za-z0-9+/=]{16}/;

/**
 * `details` as stored and hashed: plain JSON (undefined fields gone), and refused when any value looks
 * like a secret: the log is read by people, and must never hold what would let one act.
 */
function plainDetails(details: Record<string, unknown>): Record<string, unknown> {
  const text = JSON.stringify(details);
  if (SECRET.test(text)) throw new Error('an audit entry never holds a secret');
  return JSON.parse(text) as Record<string, unknown>;
}
