import { createHash, randomBytes } from 'node:crypto';
import { now } from '../clock';
import { ApiError } from '../errors';
import { config } from '../config';
import { randomBase62 } from '../ids';
import { CODE_TTL_MS, codeMatches, hashOneTimeCode, newOneTimeCode } from '../crypto/one-time-code';
import {
  countSignInFromIp,
  deleteSignInCode,
  getSignInLimit,
  putSignInCode,
  writeSignInLimit,
  putTrustedDevice,
  type SignInCodeRecord,
  type SignInLimitRecord,
  signInCodesOf,
  spendCodeAttempt,
  takeTrustedDeviceSend,
} from '../store/entities/sign-in';
import { type StaffLookup, staffLookupsOf } from '../store/entities/staff-member';
import { readAuditHead } from '../store/entities/audit-entry';
import { UNSCOPED } from '../store/entity';
import { type AuditAct, ChangedMeanwhile, commitAudited } from '../audit/record';
import { normaliseEmail } from './staff';
import { dashboardToSignIn } from './sign-in-choice';
import { InvitationGone, openSignedInSession, type DashboardSession } from './session';
import { queueMail } from './queued-mail';
import { variable } from '../config/variables';

/**
 * Sign-in by e-mailed one-time code, built so that it cannot be worn down (docs/decisions.md,
 * "Sign-in that cannot be worn down", which has the arithmetic):
 * - per address, in a 24-hour window: at most 5 codes sent and 10 wrong entries; reaching either
 *   locks the address for a day, each lockout in a row twice as long (at most 7 days);
 * - per source address: at most `SIGN_IN_IP_LIMIT` (60) sign-in requests in 15 minutes;
 * - a code has 10 digits, lives 10 minutes and dies after 3 wrong tries;
 * - a code is checked only when entered by whoever asked for it (the same browser, or for a script
 *   the same source address), and a wrong one counts against the address only then, so a stranger's
 *   guesses never use up someone else's code nor lock the address;
 * - a lockout cannot be turned into a standing denial: a code still works from the browser that
 *   asked for it, and a browser that signed in as the address before (its device cookie, 90 days)
 *   still gets codes of its own (5 a day) while the address is locked;
 * - the answer is the same whatever the address, and the e-mail leaves off the answer's path
 *   (lib/dashboard/queued-mail.ts), so a staff address takes no longer to answer than any other.
 */
export const ADDRESS_WINDOW_MS = 24 * 60 * 60 * 1000;
export const MAX_SENDS_PER_ADDRESS = 5;
export const MAX_WRONG_PER_ADDRESS = 10;
export const SIGN_IN_CODE_ATTEMPTS = 3;
export const LOCKOUT_MS = 24 * 60 * 60 * 1000;
export const MAX_LOCKOUT_MS = 7 * 24 * 60 * 60 * 1000;
export const DEVICE_TRUST_MS = 90 * 24 * 60 * 60 * 1000;
export const MAX_SENDS_PER_DEVICE = 5;
export const IP_WINDOW_MS = 15 * 60 * 1000;
export const signInIpLimit = () => Number(variable('SIGN_IN_IP_LIMIT'));

/** Who is asking: the source address, the sign-in page's cookie (a browser), a device cookie. */
export interface SignInSource {
  ip: string;
  /** The sign-in page's own cookie value: binds the code to this browser. */
  browser?: string;
  /** The device cookie of an earlier sign-in as this address. */
  device?: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const requesterOf = (from: SignInSource) => sha256(from.browser ? `browser\n${from.browser}` : `ip\n${from.ip}`);

/** `Retry-After` seconds and minutes of a wait until `until`. */
const waitUntil = (until: number, at: number) => {
  const seconds = Math.max(1, Math.ceil((until - at) / 1000));
  return { seconds, minutes: Math.ceil(seconds / 60) };
};

function tooMany(detail: string, seconds: number, howToFix: string): ApiError {
  return new ApiError('rate_limit', detail, [{ reason: 'too many sign-in attempts', validation_type: 'custom', how_to_fix: howToFix }], {
    'Retry-After': String(seconds),
  });
}

/** Per source address: `SIGN_IN_IP_LIMIT` sign-in requests (codes asked and entered) per 15 minutes. */
async function countFromIp(ip: string, at: number): Promise<void> {
  const window = Math.floor(at / IP_WINDOW_MS);
  const end = (window + 1) * IP_WINDOW_MS;
  const count = await countSignInFromIp(ip, String(window), end + IP_WINDOW_MS);
  if (count > signInIpLimit()) {
    const wait = waitUntil(end, at);
    throw tooMany(
      `Too many sign-in requests from your network. Try again in ${wait.minutes} minutes.`,
      wait.seconds,
      `Wait ${wait.minutes} minutes (Retry-After), then ask for one code and enter it once.`,
    );
  }
}

/** The address's limit as it stands at `at`: a window past its 24 hours starts again (the lockout count stays). */
function current(limit: SignInLimitRecord | undefined, at: number): SignInLimitRecord {
  if (!limit) return { window_started_at: new Date(at).toISOString(), sends: 0, wrong: 0, lockouts: 0 };
  if (Date.parse(limit.window_started_at) + ADDRESS_WINDOW_MS <= at)
    return { ...limit, window_started_at: new Date(at).toISOString(), sends: 0, wrong: 0 };
  return limit;
}

const isLocked = (limit: SignInLimitRecord, at: number) => limit.locked_until !== undefined && Date.parse(limit.locked_until) > at;

/** Reaching a cap locks the address for a day, twice as long for each lockout in a row (at most 7 days). */
function lockedNow(limit: SignInLimitRecord, at: number): SignInLimitRecord {
  const span = Math.min(LOCKOUT_MS * 2 ** limit.lockouts, MAX_LOCKOUT_MS);
  return { ...limit, locked_until: new Date(at + span).toISOString(), lockouts: limit.lockouts + 1 };
}

function lockedRefusal(limit: SignInLimitRecord, at: number): ApiError {
  const wait = waitUntil(Date.parse(limit.locked_until!), at);
  return tooMany(
    `Too many codes or wrong codes for this address. Try again in ${wait.minutes} minutes.`,
    wait.seconds,
    'Enter the latest code from the browser that asked for it, sign in from a browser that signed in as this address before, or wait until Retry-After.',
  );
}

/**
 * What the audit log of each partner the address is staff of records of a change of its limit: a
 * wrong code entered (`failed`), and the lockout the change starts, if it starts one.
 */
interface LimitAudit {
  lookups: StaffLookup[];
  ip: string;
  failed: boolean;
}

function actsOf(email: string, audit: LimitAudit | undefined, before: SignInLimitRecord, next: SignInLimitRecord): AuditAct[] {
  if (!audit) return [];
  const lockedNow = next.locked_until !== undefined && next.locked_until !== before.locked_until;
  return audit.lookups.flatMap((l) => {
    const actor = { partner_id: l.partner_id, email, ip: audit.ip };
    const acts: AuditAct[] = [];
    if (audit.failed)
      acts.push({ actor, action: 'session.sign_in_failed', target: l.staff_id, details: { reason: 'wrong, expired or used-up code' } });
    if (lockedNow)
      acts.push({
        actor,
        action: 'session.locked_out',
        target: l.staff_id,
        details: { before: { locked_until: null }, after: { locked_until: next.locked_until, lockouts: next.lockouts } },
      });
    return acts;
  });
}

/**
 * Changes the address's limit record by `change` (which may throw a refusal), on condition that no
 * other request changed it in between (then read and changed again), so that no two requests take the
 * same last try. A failed sign-in and a lockout are written to the audit log of each partner the
 * address is staff of in the same transaction (lib/audit/record.ts); an address that is staff nowhere
 * reads an empty head instead, so that it does the same reads and writes as a staff address.
 */
async function changeLimit(
  email: string,
  at: number,
  change: (limit: SignInLimitRecord) => SignInLimitRecord,
  audit?: LimitAudit,
): Promise<SignInLimitRecord> {
  return commitAudited(UNSCOPED, async (ws) => {
    const stored = await getSignInLimit(email);
    const before = current(stored, at);
    const next = change(before);
    const keepUntil = Math.max(
      Date.parse(next.window_started_at) + ADDRESS_WINDOW_MS,
      next.locked_until ? Date.parse(next.locked_until) : 0,
    );
    // The escalation is remembered a while after the last lockout ends.
    writeSignInLimit(ws, email, next, stored, keepUntil + MAX_LOCKOUT_MS, () => new ChangedMeanwhile("the address's sign-in limit"));
    const acts = actsOf(email, audit, before, next);
    if (audit && !audit.lookups.length && (audit.failed || next.locked_until !== before.locked_until)) await readAuditHead(NO_PARTNER);
    return { value: next, acts };
  });
}

/** The head read for an address that is staff nowhere: no partner has this id. */
const NO_PARTNER = 'ptr_none';

/** POST /dashboard/api/sign-in: a code for the address, e-mailed if it is staff; the same answer for any address. */
export async function startSignIn(rawEmail: string, from: SignInSource): Promise<{ email: string; expires_at: string }> {
  const email = normaliseEmail(rawEmail);
  const at = now().getTime();
  await countFromIp(from.ip, at);
  // One read whatever the address: its memberships, of every partner (none for a stranger).
  const memberships = await staffLookupsOf(email);
  const trusted = from.device
    ? await takeTrustedDeviceSend(email, sha256(from.device), at, ADDRESS_WINDOW_MS, MAX_SENDS_PER_DEVICE)
    : false;
  if (!trusted)
    await changeLimit(
      email,
      at,
      (limit) => {
        if (isLocked(limit, at)) throw lockedRefusal(limit, at);
        const next = { ...limit, sends: limit.sends + 1 };
        return next.sends >= MAX_SENDS_PER_ADDRESS ? lockedNow(next, at) : next;
      },
      { lookups: memberships, ip: from.ip, failed: false },
    );
  const member = memberships.length > 0;
  const code = newOneTimeCode();
  const expiresAt = new Date(at + CODE_TTL_MS).toISOString();
  // Hashed for any address (the same work), but an unknown one gets a code record that no code matches, so both do the same writes.
  const codeHash = await hashOneTimeCode('sign-in', email, code);
  await putSignInCode({
    id: randomBase62(12),
    email,
    code_hash: member ? codeHash : 'none',
    requester: requesterOf(from),
    attempts: 0,
    created_at: new Date(at).toISOString(),
    expires_at: expiresAt,
  });
  await queueMail(
    member
      ? {
          to: email,
          subject: 'Your dashboard sign-in code',
          text: `Your sign-in code is ${code}. It works once, for 10 minutes, at ${config().publicUrl}/dashboard/sign-in, in the browser where you asked for it.${memberships.length > 1 ? '\n\nThis address is staff of more than one partner dashboard: after the code, choose which one to open.' : ''}\n\nIf you did not ask to sign in, ignore this message: without the code no one can.`,
        }
      : null,
  );
  return { email, expires_at: expiresAt };
}

export const wrongSignInCode = () =>
  new ApiError('invalid_request', 'The code is wrong, expired or used up.', [
    {
      reason: 'wrong, expired or used-up code',
      location: '$.code',
      validation_type: 'custom',
      how_to_fix: 'Request a new code and send the ten digits from the latest e-mail within 10 minutes, such as "code": "4829137056".',
    },
  ]);

/**
 * The code a verification is checked against: the newest live one this asker asked for, and no other,
 * so a stranger's guesses can never use up the tries of a code someone else asked for.
 */
function codeToCheck(codes: SignInCodeRecord[], requester: string, at: number): SignInCodeRecord | undefined {
  return codes
    .filter((c) => c.requester === requester && Date.parse(c.expires_at) > at && c.attempts < SIGN_IN_CODE_ATTEMPTS)
    .sort((a, b) => b.created_at.localeCompare(a.created_at))[0];
}

/** A wrong code counted against the address, and recorded as a failed sign-in in its partners' audit logs. */
async function countWrong(email: string, at: number, ip: string): Promise<void> {
  const lookups = await staffLookupsOf(email);
  await changeLimit(
    email,
    at,
    (limit) => {
      const next = { ...limit, wrong: limit.wrong + 1 };
      return !isLocked(limit, at) && next.wrong >= MAX_WRONG_PER_ADDRESS ? lockedNow(next, at) : next;
    },
    { lookups, ip, failed: true },
  );
}

/**
 * Exchanges the right code for a new session (a browser's cookie session when `kind` is `cookie`),
 * not stepped up, and a device token that marks the browser as trusted for this
 * address. While the address is locked, only a code entered by the one who asked for it is checked.
 *
 * The session is of one partner's dashboard: `partnerId`, or the address's one membership. An address
 * that is staff of several partners and names none gets PartnerChoiceNeeded (its dashboards, shown
 * only to whoever holds the right code) and the code stays good for the choice. Signing in to a
 * partner whose invitation is still open accepts it (docs/decisions.md, "Staff and sessions").
 */
export async function verifySignIn(
  rawEmail: string,
  code: string,
  from: SignInSource,
  kind: 'cookie' | 'bearer' = 'bearer',
  partnerId?: string,
): Promise<{ token: string; session: DashboardSession; device: string }> {
  const email = normaliseEmail(rawEmail);
  const at = now().getTime();
  await countFromIp(from.ip, at);
  const limit = current(await getSignInLimit(email), at);
  const target = codeToCheck(await signInCodesOf(email), requesterOf(from), at);
  if (isLocked(limit, at) && !target) throw lockedRefusal(limit, at);
  const right =
    target !== undefined &&
    (await spendCodeAttempt(target, SIGN_IN_CODE_ATTEMPTS)) &&
    (await codeMatches(target.code_hash, { purpose: 'sign-in', subject: email, code }));
  const member = right ? await dashboardToSignIn(email, partnerId) : undefined;
  if (!right || !member) {
    // Counted against the address only when this asker asked for a code: a stranger's guesses for an
    // address that never asked from their browser or client lock no one out.
    if (target) await countWrong(email, at, from.ip);
    throw wrongSignInCode();
  }
  if (!(await deleteSignInCode(target))) throw wrongSignInCode();
  await changeLimit(email, at, (l) => ({ ...l, lockouts: 0 }));
  // The session, the invitation's acceptance and the sign-in's audit entry, in one transaction. Not
  // stepped up: only POST /dashboard/api/step-up/verify steps up a session, that one alone.
  const opened = await openSignedInSession(member, kind, from.ip).catch((error: unknown) => {
    if (error instanceof InvitationGone) throw wrongSignInCode();
    throw error;
  });
  const device = randomBytes(32).toString('base64url');
  await putTrustedDevice(email, sha256(device), new Date(at + DEVICE_TRUST_MS).toISOString());
  return { ...opened, device };
}
