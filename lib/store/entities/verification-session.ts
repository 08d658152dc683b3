import { tableName } from '../client';
import { equals, itemAbsent } from '../expression';
import { verificationSessionKey } from '../keys';
import { getItem } from '../read-batch';
import { putItem, updateItem } from '../single-item';
import { TTL_ATTRIBUTE } from '../table-definition';
import type { Scope } from '../../scope';

/**
 * A verification session as stored: found by the SHA-256 of its link's token, never the token; kept a
 * week past its expiry (then the table's TTL removes it).
 */
export interface StoredSession {
  id: string;
  scope: Scope;
  company: string;
  shareholder: string;
  status: 'pending' | 'submitted';
  expires_at: string;
  created_at: string;
  secret_hash: string;
}

const KEPT_PAST_EXPIRY_SECONDS = 7 * 86400;

/** A new session (its token's hash must be new). */
export async function putNewSession(session: StoredSession): Promise<void> {
  const item = {
    ...verificationSessionKey(session.secret_hash),
    entity: 'verification_session',
    ...session,
    [TTL_ATTRIBUTE]: Math.floor(Date.parse(session.expires_at) / 1000) + KEPT_PAST_EXPIRY_SECONDS,
  };
  if (!(await putItem(item, itemAbsent()))) throw new Error(`verification session ${session.id} exists already`);
}

/** verificationSessionBySecretHash (consistent). */
export async function sessionBySecretHash(secretHash: string): Promise<StoredSession | undefined> {
  return (await getItem(tableName(), verificationSessionKey(secretHash), { consistent: true })) as StoredSession | undefined;
}

/** The session submitted at `at`, only if it is still pending: false when another upload came first. */
export async function markSessionSubmitted(session: StoredSession, at: string): Promise<boolean> {
  const done = await updateItem(
    verificationSessionKey(session.secret_hash),
    { set: { status: 'submitted', submitted_at: at } },
    equals('status', 'pending'),
  );
  return done !== undefined;
}

/** The session pending again (a refused file: the owner may try another). */
export async function reopenStoredSession(session: StoredSession): Promise<void> {
  await updateItem(verificationSessionKey(session.secret_hash), { set: { status: 'pending' }, remove: ['submitted_at'] });
}
