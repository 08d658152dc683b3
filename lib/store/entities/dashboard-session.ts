import { tableName } from '../client';
import { defineEntity, UNSCOPED } from '../entity';
import { dashboardSessionKey, sessionsOfStaffMember } from '../keys';
import { queryEvery } from '../query';
import { getItem } from '../read-batch';
import { deleteItem, putItem, updateItem } from '../single-item';
import { TTL_ATTRIBUTE } from '../table-definition';
import type { WriteSet } from '../write-set';

/** A dashboard session as stored, under the SHA-256 of its token (the token itself is never kept). */
export interface DashboardSessionRecord {
  /** `sess_…`: how the person's list of sessions names it. */
  id: string;
  partner_id: string;
  staff_id: string;
  email: string;
  /** A browser's cookie session or a script's bearer token: they last differently (lib/dashboard/session.ts). */
  kind: 'cookie' | 'bearer';
  created_at: string;
  last_seen_at: string;
  idle_expires_at: string;
  expires_at: string;
  /** The address it was last used from. */
  ip: string;
  /** Until when the session may make the changes that need a fresh code (lib/dashboard/step-up.ts). */
  stepped_up_until?: string;
}

const ttlOf = (record: Pick<DashboardSessionRecord, 'idle_expires_at' | 'expires_at'>) =>
  Math.ceil(Math.min(Date.parse(record.idle_expires_at), Date.parse(record.expires_at)) / 1000);

/** A session's item: under the hash of its token (kept beside the record, for the person's list), on the person's list by creation, expiring with it. */
interface StoredSession extends DashboardSessionRecord {
  token_hash: string;
}

/**
 * `csrf_token`: sessions opened before the CSRF token was derived from the session token
 * (lib/dashboard/session.ts `csrfTokenOf`) kept it here in clear. Never read; a session's next recorded
 * use removes it, and the session's TTL the rest.
 */
const LEGACY_CSRF = 'csrf_token';

const sessionEntity = defineEntity<StoredSession, { [TTL_ATTRIBUTE]: number; [LEGACY_CSRF]?: string }>({
  name: 'dashboard_session',
  key: (_scope, s) => dashboardSessionKey(s.token_hash),
  indexes: (_scope, s) => ({ ...sessionsOfStaffMember(s.staff_id), gsi1sk: `${s.created_at}#${s.id}` }),
  extra: (s) => ({ [TTL_ATTRIBUTE]: ttlOf(s) }),
  internal: [TTL_ATTRIBUTE, LEGACY_CSRF],
});
const where = sessionEntity.where;

const sessionItem = (tokenHash: string, record: DashboardSessionRecord) =>
  sessionEntity.item(UNSCOPED, { ...record, token_hash: tokenHash });
const recordOfItem = (item: Record<string, unknown>): DashboardSessionRecord => {
  const { token_hash: _hash, ...record } = sessionEntity.record(item);
  return record;
};

export async function putDashboardSession(tokenHash: string, record: DashboardSessionRecord): Promise<void> {
  if (!(await putItem(sessionItem(tokenHash, record), where.absent()))) throw new Error(`a dashboard session ${record.id} exists already`);
}

/** A new session written in the transaction of `ws` (a sign-in and its audit entry). */
export function addDashboardSession(ws: WriteSet, tokenHash: string, record: DashboardSessionRecord): void {
  ws.put(sessionItem(tokenHash, record), { condition: where.absent() });
}

/** A session stepped up in the transaction of `ws` (with its audit entry); `onGone` when it ended meanwhile. */
export function stepUpSessionIn(ws: WriteSet, tokenHash: string, until: string, onGone: () => Error): void {
  ws.update(dashboardSessionKey(tokenHash), sessionEntity.update({ set: { stepped_up_until: until } }), {
    condition: where.present(),
    onFailed: onGone,
  });
}

export async function getDashboardSession(tokenHash: string): Promise<DashboardSessionRecord | undefined> {
  const item = await getItem(tableName(), dashboardSessionKey(tokenHash));
  return item ? recordOfItem(item) : undefined;
}

/** Records a use: the idle deadline moves, the address is the latest one, a clear CSRF token of old goes; a session signed out meanwhile stays gone. */
export async function touchDashboardSession(
  tokenHash: string,
  record: Pick<DashboardSessionRecord, 'last_seen_at' | 'idle_expires_at' | 'expires_at' | 'ip'>,
): Promise<void> {
  const { last_seen_at, idle_expires_at, ip } = record;
  await updateItem(
    dashboardSessionKey(tokenHash),
    sessionEntity.update({ set: { last_seen_at, idle_expires_at, ip, [TTL_ATTRIBUTE]: ttlOf(record) }, remove: [LEGACY_CSRF] }),
    where.present(),
  );
}

export async function deleteDashboardSession(tokenHash: string): Promise<void> {
  await deleteItem(dashboardSessionKey(tokenHash));
}

/**
 * sessionsOfStaffMember: one person's stored sessions with the hash that addresses each (the index
 * may lag a new session by moments; whether a session is live is decided by the person's record,
 * lib/dashboard/session.ts, never by this list).
 */
export async function sessionsOfMember(staffId: string): Promise<{ tokenHash: string; record: DashboardSessionRecord }[]> {
  const items = await queryEvery({ partition: sessionsOfStaffMember(staffId).gsi1pk, index: 'gsi1' });
  return items.map((item) => ({ tokenHash: sessionEntity.record(item).token_hash, record: recordOfItem(item) }));
}

/** Deletes the stored sessions of a person (after a removal or a sign-out everywhere made them void). */
export async function deleteSessionsOfMember(staffId: string): Promise<void> {
  const stored = await sessionsOfMember(staffId);
  await Promise.all(stored.map((s) => deleteDashboardSession(s.tokenHash)));
}
