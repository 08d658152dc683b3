import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The e-mailed one-time codes (sign-in, step-up, webhook secret roll): ten digits, valid ten minutes,
 * a few wrong tries and the code is dead. Ten digits is what the sign-in caps need for the odds of a
 * guess to stay below one in a million per address per year (docs/decisions.md, "Sign-in that cannot
 * be worn down"). Only a hash bound to its purpose and subject is stored, so a code for one address or
 * endpoint never opens another.
 */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_DIGITS = 10;
export const CODE_PATTERN = /^\d{10}$/;

export function newOneTimeCode(): string {
  // randomInt takes ranges below 2^48; 10^10 is well within.
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

export function hashOneTimeCode(purpose: string, subject: string, code: string): string {
  return createHash('sha256').update(`${purpose}\n${subject}\n${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
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
  presented: { purpose: string; subject: string; code: string },
  at: Date,
  countTry: (codeHash: string, maxAttempts: number) => Promise<boolean>,
): Promise<boolean> {
  if (Date.parse(pending.expires_at) <= at.getTime() || pending.attempts >= MAX_CODE_ATTEMPTS) return false;
  if (!(await countTry(pending.code_hash, MAX_CODE_ATTEMPTS))) return false;
  return sameHash(pending.code_hash, hashOneTimeCode(presented.purpose, presented.subject, presented.code));
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
