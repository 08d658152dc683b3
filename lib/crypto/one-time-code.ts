import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { oneTimeCodeKeys } from '../signing-keys/one-time-code-keys';

/**
 * The e-mailed one-time codes (sign-in, step-up, webhook secret roll): ten digits, valid ten minutes,
 * a few wrong tries and the code is dead. Ten digits is what the sign-in caps need for the odds of a
 * guess to stay below one in a million per address per year (docs/decisions.md, "Sign-in that cannot
 * be worn down"). Only a hash bound to its purpose and subject is stored, so a code for one address or
 * endpoint never opens another.
 *
 * The hash is keyed and salted: `k1.<salt>.<HMAC-SHA256>` under the server's one-time-code key
 * (lib/signing-keys/one-time-code-keys.ts, a secret of its own in AWS) with 16 random bytes of salt per
 * code. A table dump alone gives no code (10^10 tries against an unknown key), and no two codes can be
 * tried at once. Hashes of the earlier format (a bare SHA-256) match nothing: those codes lived ten minutes.
 */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_DIGITS = 10;
export const CODE_PATTERN = /^\d{10}$/;

const HASH_FORMAT = 'k1';
const SALT_BYTES = 16;

export function newOneTimeCode(): string {
  // randomInt takes ranges below 2^48; 10^10 is well within.
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

/** What a code is checked for: why it was sent (`sign-in`, `step-up`, `secret-roll`), to whom or for what, and its digits. */
export interface PresentedCode {
  purpose: string;
  subject: string;
  code: string;
}

const macOf = (key: string, salt: string, c: PresentedCode) =>
  createHmac('sha256', key).update(`one-time code\n${salt}\n${c.purpose}\n${c.subject}\n${c.code}`).digest();

/** The stored hash of a new code: a fresh salt, the MAC under the current key. */
export async function hashOneTimeCode(purpose: string, subject: string, code: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES).toString('base64url');
  const { current } = await oneTimeCodeKeys();
  return `${HASH_FORMAT}.${salt}.${macOf(current, salt, { purpose, subject, code }).toString('base64url')}`;
}

/**
 * Whether `presented` is the code `stored` is the hash of, under the current key or the previous one
 * (a rotation keeps pending codes good), compared in constant time. Anything else stored (`none`, a
 * hash of the earlier format) takes the same work and matches nothing.
 */
export async function codeMatches(stored: string, presented: PresentedCode): Promise<boolean> {
  const [format, salt = '', mac = ''] = stored.split('.');
  const expected = Buffer.from(mac, 'base64url');
  const keys = await oneTimeCodeKeys();
  let ok = false;
  for (const key of [keys.current, keys.previous]) {
    if (key === undefined) continue;
    const actual = macOf(key, salt, presented);
    // Both keys are always compared: the time taken does not say which one matched.
    if (actual.length === expected.length && timingSafeEqual(actual, expected)) ok = true;
  }
  return ok && format === HASH_FORMAT;
}

/** What a pending code keeps: its hash, the tries counted, and when it stops working. */
export interface PendingCode {
  code_hash: string;
  attempts: number;
  expires_at: string;
}

/**
 * Whether `code` is the pending one, for its purpose and subject: still valid, a try left, the try
 * counted (under a condition, before comparing, so parallel guesses cannot exceed the limit: `countTry`
 * answers false when none is left), then compared in constant time. The one check of the sign-in and
 * of a webhook secret's roll.
 */
export async function oneTimeCodeHolds(
  pending: PendingCode,
  presented: PresentedCode,
  at: Date,
  countTry: (codeHash: string, maxAttempts: number) => Promise<boolean>,
): Promise<boolean> {
  if (Date.parse(pending.expires_at) <= at.getTime() || pending.attempts >= MAX_CODE_ATTEMPTS) return false;
  if (!(await countTry(pending.code_hash, MAX_CODE_ATTEMPTS))) return false;
  return codeMatches(pending.code_hash, presented);
}

/** The sends of codes counted in a window of their own: when it started, and how many it holds. */
export interface CodeSends {
  window_started_at: string;
  sends: number;
}

/**
 * The count of sends with one more at `at`, or the seconds until another may be sent when the
 * window holds `maxSends` already (both the sign-in and the secret roll: five codes a quarter hour).
 */
export function countCodeSend(
  previous: CodeSends | undefined,
  at: Date,
  windowMs: number,
  maxSends: number,
): { sends: CodeSends; retryAfterSeconds?: undefined } | { retryAfterSeconds: number } {
  const windowEnds = previous ? Date.parse(previous.window_started_at) + windowMs : 0;
  if (!previous || windowEnds <= at.getTime()) return { sends: { window_started_at: at.toISOString(), sends: 1 } };
  if (previous.sends >= maxSends) return { retryAfterSeconds: Math.ceil((windowEnds - at.getTime()) / 1000) };
  return { sends: { window_started_at: previous.window_started_at, sends: previous.sends + 1 } };
}
