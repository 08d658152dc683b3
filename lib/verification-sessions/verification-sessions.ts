import { createHash } from 'node:crypto';
import { nowIso, realNow } from '../clock';
import { config } from '../config';
import { invalidField, resourceMissing } from '../errors';
import { newId, randomBase62 } from '../ids';
import { getCompany } from '../store/entities/company';
import { assertNotDissolved } from '../lifecycle/company-status';
import type { Scope } from '../scope';
import {
  markSessionSubmitted,
  putNewSession,
  reopenStoredSession,
  sessionBySecretHash,
  type StoredSession,
} from '../store/entities/verification-session';

export type { StoredSession };

/**
 * Owner verification sessions (spec "owner verification sessions"): a short-lived hosted page where
 * one owner submits their identity document from a browser or a phone. The URL carries a 32-character
 * token (~190 bits); we keep only its SHA-256. A session lives 30 minutes and takes one document.
 */
export const SESSION_LIFETIME_MS = 30 * 60 * 1000;
export const SESSION_TOKEN_PATTERN = /^[0-9A-Za-z]{32}$/;

export interface VerificationSession {
  object: 'verification_session';
  id: string;
  shareholder: string;
  url: string;
  status: 'pending' | 'submitted' | 'expired';
  expires_at: string;
}

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createVerificationSession(scope: Scope, companyId: string, shareholderId: string): Promise<VerificationSession> {
  const company = await getCompany(scope, companyId);
  if (!company) throw resourceMissing('company', companyId);
  assertNotDissolved(company, 'verifying an owner');
  if (!company.shareholders.some((s) => s.id === shareholderId)) {
    throw invalidField(
      '$.shareholder',
      `is not an owner of ${companyId}`,
      `Send the id of one of the company’s shareholders (${company.shareholders.map((s) => s.id).join(', ') || 'none yet'}), such as "shareholder": "${company.shareholders[0]?.id ?? 'sh_…'}".`,
      'exists',
    );
  }
  const token = randomBase62(32);
  const createdAt = nowIso();
  // A link's lifetime is real time, as the page that checks it keeps (docs/decisions.md, "The sandbox clock").
  const expiresAt = new Date(realNow().getTime() + SESSION_LIFETIME_MS).toISOString();
  const session: StoredSession = {
    id: newId('verificationSession'),
    scope,
    company: companyId,
    shareholder: shareholderId,
    status: 'pending',
    expires_at: expiresAt,
    created_at: createdAt,
    secret_hash: hash(token),
  };
  await putNewSession(session);
  return {
    object: 'verification_session',
    id: session.id,
    shareholder: shareholderId,
    url: `${config().publicUrl}/verify/${token}`,
    status: 'pending',
    expires_at: expiresAt,
  };
}

/** The session behind a page URL, or undefined for an unknown or malformed token. */
export async function findSession(token: string): Promise<StoredSession | undefined> {
  if (!SESSION_TOKEN_PATTERN.test(token)) return undefined;
  return sessionBySecretHash(hash(token));
}

export function isExpired(session: StoredSession): boolean {
  return session.status === 'pending' && Date.parse(session.expires_at) <= realNow().getTime();
}

/** Marks the session used, once, while it is still valid; false when it was used or expired meanwhile. */
export async function markSubmitted(session: StoredSession): Promise<boolean> {
  return markSessionSubmitted(session, nowIso());
}

/** A refused file gives the owner the link back, so they can try another file. */
export async function reopenSession(session: StoredSession): Promise<void> {
  await reopenStoredSession(session);
}
