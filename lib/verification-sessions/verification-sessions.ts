import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '../store/dynamodb';
import { now, nowIso } from '../clock';
import { config } from '../config';
import { invalidField, resourceMissing } from '../errors';
import { newId, randomBase62 } from '../ids';
import { getCompany } from '../store/entities/company';
import { assertNotDissolved } from '../lifecycle/company-status';
import { db, tableName } from '../store/client';
import { verificationSessionKey } from '../store/keys';
import type { Scope } from '../scope';
import { TTL_ATTRIBUTE } from '../store/table-definition';

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
  const expiresAt = new Date(now().getTime() + SESSION_LIFETIME_MS).toISOString();
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
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...verificationSessionKey(session.secret_hash),
        entity: 'verification_session',
        ...session,
        [TTL_ATTRIBUTE]: Math.floor(Date.parse(expiresAt) / 1000) + 7 * 86400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
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
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: verificationSessionKey(hash(token)), ConsistentRead: true }));
  return res.Item as StoredSession | undefined;
}

export function isExpired(session: StoredSession): boolean {
  return session.status === 'pending' && Date.parse(session.expires_at) <= now().getTime();
}

/** Marks the session used, once, while it is still valid; false when it was used or expired meanwhile. */
export async function markSubmitted(session: StoredSession): Promise<boolean> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: verificationSessionKey(session.secret_hash),
        UpdateExpression: 'SET #status = :submitted, submitted_at = :at',
        ConditionExpression: '#status = :pending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':submitted': 'submitted', ':pending': 'pending', ':at': nowIso() },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
}

/** A refused file gives the owner the link back, so they can try another file. */
export async function reopenSession(session: StoredSession): Promise<void> {
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: verificationSessionKey(session.secret_hash),
      UpdateExpression: 'SET #status = :pending REMOVE submitted_at',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':pending': 'pending' },
    }),
  );
}
