import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '../dynamodb';
import { db, tableName } from '../client';
import { recordOf } from '../entity';
import { dashboardSessionKey, sessionsOfStaffMember } from '../keys';
import { TTL_ATTRIBUTE } from '../table-definition';
import type { WriteSet } from '../write-set';
import { itemAbsent, itemPresent } from '../expression';

/** A dashboard session as stored, under the SHA-256 of its token (the token itself is never kept). */
export interface DashboardSessionRecord {
  /** `sess_…`: how the person's list of sessions names it. */
  id: string;
  partner_id: string;
  staff_id: string;
  email: string;
  /** A browser's cookie session or a script's bearer token: they last differently (lib/dashboard/session.ts). */
  kind: 'cookie' | 'bearer';
  /** Sent back with every form of a cookie session (hidden field `csrf_token`, or `X-CSRF-Token`). */
  csrf_token: string;
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

const sessionItem = (tokenHash: string, record: DashboardSessionRecord) => ({
  ...dashboardSessionKey(tokenHash),
  entity: 'dashboard_session',
  ...record,
  token_hash: tokenHash,
  ...sessionsOfStaffMember(record.staff_id),
  gsi1sk: `${record.created_at}#${record.id}`,
  [TTL_ATTRIBUTE]: ttlOf(record),
});

export async function putDashboardSession(tokenHash: string, record: DashboardSessionRecord): Promise<void> {
  await db().send(
    new PutCommand({ TableName: tableName(), Item: sessionItem(tokenHash, record), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/** A new session written in the transaction of `ws` (a sign-in and its audit entry). */
export function addDashboardSession(ws: WriteSet, tokenHash: string, record: DashboardSessionRecord): void {
  ws.put(sessionItem(tokenHash, record), { condition: itemAbsent() });
}

/** A session stepped up in the transaction of `ws` (with its audit entry); `onGone` when it ended meanwhile. */
export function stepUpSessionIn(ws: WriteSet, tokenHash: string, until: string, onGone: () => Error): void {
  ws.update(dashboardSessionKey(tokenHash), { set: { stepped_up_until: until } }, { condition: itemPresent(), onFailed: onGone });
}

export async function getDashboardSession(tokenHash: string): Promise<DashboardSessionRecord | undefined> {
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: dashboardSessionKey(tokenHash) }));
  return res.Item ? recordOf<DashboardSessionRecord>(res.Item, [TTL_ATTRIBUTE, 'token_hash']) : undefined;
}

/** Records a use: the idle deadline moves, the address is the latest one; a session signed out meanwhile stays gone. */
export async function touchDashboardSession(
  tokenHash: string,
  record: Pick<DashboardSessionRecord, 'last_seen_at' | 'idle_expires_at' | 'expires_at' | 'ip'>,
): Promise<void> {
  await db()
    .send(
      new UpdateCommand({
        TableName: tableName(),
        Key: dashboardSessionKey(tokenHash),
        UpdateExpression: 'SET last_seen_at = :seen, idle_expires_at = :idle, ip = :ip, #ttl = :ttl',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: {
          ':seen': record.last_seen_at,
          ':idle': record.idle_expires_at,
          ':ip': record.ip,
          ':ttl': ttlOf(record),
        },
      }),
    )
    .catch((error) => {
      if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
    });
}

export async function deleteDashboardSession(tokenHash: string): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: dashboardSessionKey(tokenHash) }));
}

/**
 * sessionsOfStaffMember: one person's stored sessions with the hash that addresses each (the index
 * may lag a new session by moments; whether a session is live is decided by the person's record,
 * lib/dashboard/session.ts, never by this list).
 */
export async function sessionsOfMember(staffId: string): Promise<{ tokenHash: string; record: DashboardSessionRecord }[]> {
  const out: { tokenHash: string; record: DashboardSessionRecord }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const res = await db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': sessionsOfStaffMember(staffId).gsi1pk },
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of res.Items ?? [])
      out.push({ tokenHash: item.token_hash as string, record: recordOf<DashboardSessionRecord>(item, [TTL_ATTRIBUTE, 'token_hash']) });
    startKey = res.LastEvaluatedKey;
  } while (startKey);
  return out;
}

/** Deletes the stored sessions of a person (after a removal or a sign-out everywhere made them void). */
export async function deleteSessionsOfMember(staffId: string): Promise<void> {
  const stored = await sessionsOfMember(staffId);
  await Promise.all(stored.map((s) => deleteDashboardSession(s.tokenHash)));
}
