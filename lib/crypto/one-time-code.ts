import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The e-mailed one-time codes (sign-in, webhook secret roll): six digits, valid ten minutes, five
 * wrong tries and the code is dead. Only a hash bound to its purpose and subject is stored, so a code
 * for one address or endpoint never opens another.
 */
export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
export const CODE_PATTERN = /^\d{6}$/;

export function newOneTimeCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function hashOneTimeCode(purpose: string, subject: string, code: string): string {
  return createHash('sha256').update(`${purpose}\n${subject}\n${code}`).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}
