import { tableName } from '../client';
import { defineEntity } from '../entity';
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

const sessionEntity = defineEntity<StoredSession, { submitted_at?: string }>({
  name: 'verification_session',
  key: (_scope, session) => verificationSessionKey(session.secret_hash),
  extra: (session) => ({ [TTL_ATTRIBUTE]: Math.floor(Date.parse(session.expires_at) / 1000) + KEPT_PAST_EXPIRY_SECONDS }),
  internal: [TTL_ATTRIBUTE],
});

/** A new session (its token's hash must be new). */
export async function putNewSession(session: StoredSession): Promise<void> {
  if (!(await putItem(sessionEntity.item(session.scope, session), sessionEntity.where.absent())))
    throw new Error(`verification session ${session.id} exists already`);
}

/** verificationSessionBySecretHash (consistent). */
export async function sessionBySecretHash(secretHash: string): Promise<StoredSession | undefined> {
  const item = await getItem(tableName(), verificationSessionKey(secretHash), { consistent: true });
  return item ? sessionEntity.record(item) : undefined;
}

/** The session submitted at `at`, only if it is still pending: false when another upload came first. */
export async function markSessionSubmitted(session: StoredSession, at: string): Promise<boolean> {
  const done = await updateItem(
    verificationSessionKey(session.secret_hash),
    sessionEntity.update({ set: { status: 'submitted', submitted_at: at } }),
    sessionEntity.where.equals('status', 'pending'),
  );
  return done !== undefined;
}

/** The session pending again (a refused file: the owner may try another). */
export async function reopenStoredSession(session: StoredSession): Promise<void> {
  await updateItem(
    verificationSessionKey(session.secret_hash),
    sessionEntity.update({ set: { status: 'pending' }, remove: ['submitted_at'] }),
  );
}
