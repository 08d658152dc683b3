import { tableName } from '../client';
import { itemAbsent, itemPresent } from '../expression';
import { dashboardSessionKey } from '../keys';
import { getItem } from '../read-batch';
import { deleteItem, putItem, updateItem } from '../single-item';
import { recordOf } from '../entity';
import { TTL_ATTRIBUTE } from '../table-definition';

/** A dashboard session, found by the SHA-256 of its token, never the token; the table's TTL removes it (lazily). */
export interface DashboardSession {
  partner_id: string;
  email: string;
  /** Sent back with every form of a cookie session (hidden field `csrf_token`, or `X-CSRF-Token`). */
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  idle_expires_at: string;
  expires_at: string;
}

/** A new session under its token's hash (which must be new), expiring at `ttl` (epoch seconds). */
export async function putNewDashboardSession(tokenHash: string, session: DashboardSession, ttl: number): Promise<void> {
  const item = { ...dashboardSessionKey(tokenHash), entity: 'dashboard_session', ...session, [TTL_ATTRIBUTE]: ttl };
  if (!(await putItem(item, itemAbsent()))) throw new Error('a dashboard session with this token exists already');
}

/** dashboardSessionByTokenHash, as stored (expiry is the caller's to decide: TTL deletion lags). */
export async function dashboardSessionOf(tokenHash: string): Promise<DashboardSession | undefined> {
  const item = await getItem(tableName(), dashboardSessionKey(tokenHash));
  return item ? recordOf<DashboardSession>(item, [TTL_ATTRIBUTE]) : undefined;
}

/** The session seen again: its idle expiry moved on; nothing when it was ended meanwhile. */
export async function touchDashboardSession(
  tokenHash: string,
  seen: { last_seen_at: string; idle_expires_at: string; ttl: number },
): Promise<void> {
  await updateItem(
    dashboardSessionKey(tokenHash),
    { set: { last_seen_at: seen.last_seen_at, idle_expires_at: seen.idle_expires_at, [TTL_ATTRIBUTE]: seen.ttl } },
    itemPresent(),
  );
}

/** The session ended (signed out). */
export async function removeDashboardSession(tokenHash: string): Promise<void> {
  await deleteItem(dashboardSessionKey(tokenHash));
}
