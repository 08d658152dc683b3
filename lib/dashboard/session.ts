import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../store/dynamodb';
import { db, tableName } from '../store/client';
import { dashboardSessionKey } from '../store/keys';
import { now } from '../clock';
import { randomBase62 } from '../ids';
import { recordOf } from '../store/entity';
import { TTL_ATTRIBUTE } from '../store/table-definition';

/**
 * Dashboard sessions: a random token (`dss_` + 43 characters), stored only as its SHA-256 with a TTL.
 * A session ends after 12 hours without use or 7 days after sign-in, whichever comes first.
 */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** Use is recorded at most once a minute, so reading pages costs no write per request. */
const TOUCH_EVERY_MS = 60 * 1000;

export const SESSION_TOKEN_PREFIX = 'dss_';
const TOKEN_PATTERN = /^dss_[0-9A-Za-z]{43}$/;

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

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const ttlOf = (idle: number, absolute: number) => Math.ceil(Math.min(idle, absolute) / 1000);

export function isSessionToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export async function createSession(input: { partnerId: string; email: string }): Promise<{ token: string; session: DashboardSession }> {
  const token = SESSION_TOKEN_PREFIX + randomBase62(43);
  const at = now().getTime();
  const session: DashboardSession = {
    partner_id: input.partnerId,
    email: input.email,
    csrf_token: randomBytes(24).toString('base64url'),
    created_at: new Date(at).toISOString(),
    last_seen_at: new Date(at).toISOString(),
    idle_expires_at: new Date(at + SESSION_IDLE_MS).toISOString(),
    expires_at: new Date(at + SESSION_ABSOLUTE_MS).toISOString(),
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...dashboardSessionKey(hashToken(token)),
        entity: 'dashboard_session',
        ...session,
        ttl: ttlOf(at + SESSION_IDLE_MS, at + SESSION_ABSOLUTE_MS),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { token, session };
}

/** The live session of a token, its idle deadline pushed forward; undefined when unknown or expired. */
export async function findSession(token: string): Promise<DashboardSession | undefined> {
  if (!isSessionToken(token)) return undefined;
  const key = dashboardSessionKey(hashToken(token));
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
  if (!res.Item) return undefined;
  const session = recordOf<DashboardSession>(res.Item, [TTL_ATTRIBUTE]);
  const at = now().getTime();
  // TTL deletion is lazy (it can lag by days): expiry is decided here, never by the item's presence.
  if (at >= Date.parse(session.idle_expires_at) || at >= Date.parse(session.expires_at)) return undefined;
  if (at - Date.parse(session.last_seen_at) >= TOUCH_EVERY_MS) {
    const idle = at + SESSION_IDLE_MS;
    session.last_seen_at = new Date(at).toISOString();
    session.idle_expires_at = new Date(idle).toISOString();
    await db()
      .send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET last_seen_at = :seen, idle_expires_at = :idle, #ttl = :ttl',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeNames: { '#ttl': 'ttl' },
          ExpressionAttributeValues: {
            ':seen': session.last_seen_at,
            ':idle': session.idle_expires_at,
            ':ttl': ttlOf(idle, Date.parse(session.expires_at)),
          },
        }),
      )
      .catch((error) => {
        // Signed out in between: the session is gone, and this request is its last.
        if ((error as { name?: string }).name !== 'ConditionalCheckFailedException') throw error;
      });
  }
  return session as DashboardSession;
}

export async function endSession(token: string): Promise<void> {
  if (!isSessionToken(token)) return;
  await db().send(new DeleteCommand({ TableName: tableName(), Key: dashboardSessionKey(hashToken(token)) }));
}

/** Constant-time comparison of a presented CSRF token with the session's. */
export function csrfMatches(expected: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}
