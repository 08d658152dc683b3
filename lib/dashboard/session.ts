import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { now } from '../clock';
import { newId, randomBase62 } from '../ids';
import {
  addDashboardSession,
  deleteDashboardSession,
  deleteSessionsOfMember,
  type DashboardSessionRecord,
  getDashboardSession,
  putDashboardSession,
  sessionsOfMember,
  touchDashboardSession,
} from '../store/entities/dashboard-session';
import { acceptInvitationIn, endSessionsOfMember, getStaffMember, type StaffMemberRecord } from '../store/entities/staff-member';
import { type AuditAct, commitAudited } from '../audit/record';
import { memberOfPartner, statusOfMember } from './staff';
import type { StaffRole } from './roles';

/**
 * Dashboard sessions: a random token (`dss_` + 43 characters), stored only as its SHA-256 with a TTL.
 * A browser's cookie session ends after 2 hours without use or 12 hours after sign-in; a script's
 * bearer session after 1 hour without use or 8 hours after sign-in (docs/decisions.md, "Staff and
 * sessions"). Every request reads the person's membership too, so a removal or a "sign out
 * everywhere" ends the session on its next request, and the role in force is the current one.
 */
export const SESSION_LIFETIMES = {
  cookie: { idleMs: 2 * 60 * 60 * 1000, absoluteMs: 12 * 60 * 60 * 1000 },
  bearer: { idleMs: 60 * 60 * 1000, absoluteMs: 8 * 60 * 60 * 1000 },
} as const;
/** The longest any session lasts (the session cookie's Max-Age). */
export const SESSION_ABSOLUTE_MS = SESSION_LIFETIMES.cookie.absoluteMs;
/** Use is recorded at most once a minute, so reading pages costs no write per request. */
const TOUCH_EVERY_MS = 60 * 1000;

export const SESSION_TOKEN_PREFIX = 'dss_';
const TOKEN_PATTERN = /^dss_[0-9A-Za-z]{43}$/;

/** A live session with the person it belongs to. */
export interface DashboardSession extends DashboardSessionRecord {
  /** Sent back with every form of a cookie session (hidden field `csrf_token`, or `X-CSRF-Token`): `csrfTokenOf` its token, never stored. */
  csrf_token: string;
  role: StaffRole;
  /** The member's own dashboard rate limit, when they have one (StaffMemberRecord.rate_limit). */
  rate_limit?: { burst: number; sustained: number };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A session's CSRF token: the HMAC of a fixed label under the session token itself, so nothing is
 * stored to check it and the table (which holds only the token's SHA-256) cannot give it away. Only
 * the holder of the cookie can compute it, and it tells nothing of the cookie (docs/decisions.md,
 * "Sign-in, sessions, CSRF").
 */
export const csrfTokenOf = (token: string) => createHmac('sha256', token).update('dashboard csrf token').digest('base64url');

export function isSessionToken(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export class NotStaff extends Error {
  constructor(email: string, partnerId: string) {
    super(`${email} is not staff of ${partnerId}`);
  }
}

/**
 * A new session of a staff member of the partner, not stepped up (sign-in never steps one up:
 * lib/dashboard/step-up.ts). `steppedUpForMs` is for sessions minted in the store (tests, benches).
 */
export async function createSession(input: {
  partnerId: string;
  email: string;
  kind?: 'cookie' | 'bearer';
  ip?: string;
  /** Stepped up for this long from its start (minted sessions of tests and benches only). */
  steppedUpForMs?: number;
}): Promise<{ token: string; session: DashboardSession }> {
  const member = await memberOfPartner(input.partnerId, input.email);
  // An invitation opens no session until it is accepted (lib/dashboard/sign-in.ts accepts it first).
  if (!member || statusOfMember(member) !== 'active') throw new NotStaff(input.email, input.partnerId);
  const { token, record } = newSession(member, input.kind ?? 'bearer', input.ip ?? '', input.steppedUpForMs);
  await putDashboardSession(hashToken(token), record);
  return { token, session: { ...record, csrf_token: csrfTokenOf(token), role: member.role } };
}

/** A new session's token and record (not yet written). */
function newSession(member: StaffMemberRecord, kind: 'cookie' | 'bearer', ip: string, steppedUpForMs?: number) {
  const token = SESSION_TOKEN_PREFIX + randomBase62(43);
  const at = now().getTime();
  const record: DashboardSessionRecord = {
    id: newId('dashboardSession'),
    partner_id: member.partner_id,
    staff_id: member.id,
    email: member.email,
    kind,
    created_at: new Date(at).toISOString(),
    last_seen_at: new Date(at).toISOString(),
    idle_expires_at: new Date(at + SESSION_LIFETIMES[kind].idleMs).toISOString(),
    expires_at: new Date(at + SESSION_LIFETIMES[kind].absoluteMs).toISOString(),
    ip,
    ...(steppedUpForMs ? { stepped_up_until: new Date(at + steppedUpForMs).toISOString() } : {}),
  };
  return { token, record };
}

/** The invitation a sign-in was accepting was removed (or accepted) meanwhile: nothing was written. */
export class InvitationGone extends Error {
  constructor() {
    super('the invitation is no longer open');
  }
}

/**
 * The session a sign-in with the right code opens (lib/dashboard/sign-in.ts), not stepped up: the
 * session, the acceptance of the member's invitation if it is one, and the sign-in's audit entry
 * (`session.signed_in`), in one transaction.
 */
export async function openSignedInSession(
  member: StaffMemberRecord,
  kind: 'cookie' | 'bearer',
  ip: string,
): Promise<{ token: string; session: DashboardSession }> {
  const accepting = statusOfMember(member) === 'invited';
  const { token, record } = newSession(member, kind, ip);
  await commitAudited({ partnerId: member.partner_id, mode: 'live' }, (ws) => {
    addDashboardSession(ws, hashToken(token), record);
    if (accepting) acceptInvitationIn(ws, member, record.created_at, () => new InvitationGone());
    const act: AuditAct = {
      actor: { partner_id: member.partner_id, email: member.email, ip: ip || null },
      action: 'session.signed_in',
      target: member.id,
      details: {
        session_id: record.id,
        kind,
        ...(accepting ? { before: { status: 'invited' }, after: { status: 'active' } } : {}),
      },
    };
    return { value: undefined, acts: [act] };
  });
  return { token, session: { ...record, csrf_token: csrfTokenOf(token), role: member.role } };
}

/** Whether a session is still in force for its person: not removed, not signed out everywhere since. */
function memberAllows(member: StaffMemberRecord | undefined, session: DashboardSessionRecord): member is StaffMemberRecord {
  if (!member || statusOfMember(member) !== 'active') return false;
  return !member.sessions_ended_at || session.created_at > member.sessions_ended_at;
}

/**
 * The live session of a token, its idle deadline pushed forward; undefined when unknown, expired,
 * its person removed, or signed out everywhere since it began. `ip`: where this request came from.
 */
export async function findSession(token: string, ip?: string): Promise<DashboardSession | undefined> {
  if (!isSessionToken(token)) return undefined;
  const tokenHash = hashToken(token);
  const record = await getDashboardSession(tokenHash);
  if (!record?.staff_id) return undefined;
  const at = now().getTime();
  // TTL deletion is lazy (it can lag by days): expiry is decided here, never by the item's presence.
  if (at >= Date.parse(record.idle_expires_at) || at >= Date.parse(record.expires_at)) return undefined;
  const member = await getStaffMember(record.partner_id, record.staff_id);
  if (!memberAllows(member, record)) return undefined;
  const lifetime = SESSION_LIFETIMES[record.kind] ?? SESSION_LIFETIMES.bearer;
  if (at - Date.parse(record.last_seen_at) >= TOUCH_EVERY_MS || (ip !== undefined && ip !== record.ip)) {
    record.last_seen_at = new Date(at).toISOString();
    record.idle_expires_at = new Date(at + lifetime.idleMs).toISOString();
    if (ip !== undefined) record.ip = ip;
    await touchDashboardSession(tokenHash, record);
  }
  return { ...record, csrf_token: csrfTokenOf(token), role: member.role, ...(member.rate_limit && { rate_limit: member.rate_limit }) };
}

export async function endSession(token: string): Promise<void> {
  if (!isSessionToken(token)) return;
  await deleteDashboardSession(hashToken(token));
}

/** The hash a session's own records (its step-up code) are kept under. */
export const sessionTokenHash = hashToken;

/** `{object: "dashboard_session", id, created_at, last_used_at, ip, current}`: never a token. */
export function viewOfListedSession(record: DashboardSessionRecord, currentId: string) {
  return {
    object: 'dashboard_session' as const,
    id: record.id,
    created_at: record.created_at,
    last_used_at: record.last_seen_at,
    ip: record.ip || null,
    current: record.id === currentId,
  };
}

/** GET /dashboard/api/sessions: the caller's own live sessions, newest first. */
export async function listOwnSessions(session: DashboardSession) {
  const member = await getStaffMember(session.partner_id, session.staff_id);
  const at = now().getTime();
  const live = (await sessionsOfMember(session.staff_id))
    .map((s) => s.record)
    .filter((r) => at < Date.parse(r.idle_expires_at) && at < Date.parse(r.expires_at) && memberAllows(member, r));
  live.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
  return { object: 'list' as const, items: live.map((r) => viewOfListedSession(r, session.id)) };
}

/**
 * Ends every session of one person: from the next request on none is accepted (the membership's
 * `sessions_ended_at`), and the stored sessions are deleted so that no list shows them.
 */
export async function endEverySessionOf(partnerId: string, staffId: string): Promise<void> {
  const at = now().toISOString();
  await endSessionsOfMember(partnerId, staffId, at);
  await deleteSessionsOfMember(staffId);
}

/** Constant-time comparison of a presented CSRF token with the expected one (the session's `csrfTokenOf`, a sign-in form's cookie). */
export function csrfMatches(expected: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}
