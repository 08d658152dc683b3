import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { now } from '../clock';
import { randomBase62 } from '../ids';
import {
  type DashboardSession,
  dashboardSessionOf,
  putNewDashboardSession,
  removeDashboardSession,
  touchDashboardSession,
} from '../store/entities/dashboard-session';

export type { DashboardSession };

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
  await putNewDashboardSession(hashToken(token), session, ttlOf(at + SESSION_IDLE_MS, at + SESSION_ABSOLUTE_MS));
  return { token, session };
}

/** The live session of a token, its idle deadline pushed forward; undefined when unknown or expired. */
export async function findSession(token: string): Promise<DashboardSession | undefined> {
  if (!isSessionToken(token)) return undefined;
  const tokenHash = hashToken(token);
  const session = await dashboardSessionOf(tokenHash);
  if (!session) return undefined;
  const at = now().getTime();
  // TTL deletion is lazy (it can lag by days): expiry is decided here, never by the item's presence.
  if (at >= Date.parse(session.idle_expires_at) || at >= Date.parse(session.expires_at)) return undefined;
  if (at - Date.parse(session.last_seen_at) >= TOUCH_EVERY_MS) {
    const idle = at + SESSION_IDLE_MS;
    session.last_seen_at = new Date(at).toISOString();
    session.idle_expires_at = new Date(idle).toISOString();
    // Signed out in between: the session is gone (nothing is touched), and this request is its last.
    await touchDashboardSession(tokenHash, {
      last_seen_at: session.last_seen_at,
      idle_expires_at: session.idle_expires_at,
      ttl: ttlOf(idle, Date.parse(session.expires_at)),
    });
  }
  return session as DashboardSession;
}

export async function endSession(token: string): Promise<void> {
  if (!isSessionToken(token)) return;
  await removeDashboardSession(hashToken(token));
}

/** Constant-time comparison of a presented CSRF token with the session's. */
export function csrfMatches(expected: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}
