import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, QueryCommand } from '../store/dynamodb';
import { nowIso } from '../clock';
import { config } from '../config';
import { decryptSecret, encryptSecret } from '../crypto/envelope';
import { resourceMissing } from '../errors';
import { newId, randomBase62 } from '../ids';
import { getCompany } from '../store/entities/company';
import { assertNotDissolved } from '../lifecycle/company-status';
import { commit } from '../event-log/commit';
import { db, tableName } from '../store/client';
import { companyPartition, STATUS_TOKEN_SK_PREFIX, statusTokenKey, statusTokenLookupKey } from '../store/keys';
import type { Scope } from '../scope';
import { WriteSet } from '../store/write-set';

/**
 * Status links (spec Status token; Authentication 5): keyless, read-only links to a company's live
 * status. The token in the URL is 32 characters [0-9A-Za-z] (~190 bits), so it cannot be guessed; we
 * keep only its SHA-256 for the lookup, and, so that the list can show the `url` again (spec: list
 * items carry `url`), a copy sealed with the envelope key (lib/crypto/envelope.ts). Revoking deletes
 * the lookup item: the link is 404 at the next request.
 */
export interface StatusToken {
  object: 'status_token';
  id: string;
  created_at: string;
  url: string;
}

export const STATUS_TOKEN_PATTERN = /^[0-9A-Za-z]{32}$/;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
export const statusUrl = (token: string) => `${config().publicUrl}/status/${token}`;

export async function mintStatusToken(scope: Scope, companyId: string): Promise<StatusToken> {
  const company = await getCompany(scope, companyId);
  if (!company) throw resourceMissing('company', companyId);
  assertNotDissolved(company, 'minting a status link');
  const token = randomBase62(32);
  const id = newId('statusToken');
  const createdAt = nowIso();
  const secretHash = hash(token);
  const ws = new WriteSet(scope, tableName());
  ws.put(
    {
      ...statusTokenKey(scope, companyId, createdAt, id),
      entity: 'status_token',
      id,
      company: companyId,
      created_at: createdAt,
      secret_hash: secretHash,
      sealed: await encryptSecret(token),
    },
    { expression: 'attribute_not_exists(pk)' },
  );
  ws.put(
    {
      ...statusTokenLookupKey(secretHash),
      entity: 'status_token_lookup',
      partner_id: scope.partnerId,
      mode: scope.mode,
      company: companyId,
      token_id: id,
    },
    { expression: 'attribute_not_exists(pk)' },
  );
  await commit(ws);
  return { object: 'status_token', id, created_at: createdAt, url: statusUrl(token) };
}

async function tokenItems(scope: Scope, companyId: string): Promise<Record<string, unknown>[]> {
  const res = await db().send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :stk)',
      ExpressionAttributeValues: { ':pk': companyPartition(scope, companyId), ':stk': STATUS_TOKEN_SK_PREFIX },
      ScanIndexForward: false,
      ConsistentRead: true,
    }),
  );
  return res.Items ?? [];
}

/** The company's live status links, newest first. */
export async function listStatusTokens(scope: Scope, companyId: string): Promise<StatusToken[]> {
  const company = await getCompany(scope, companyId);
  if (!company) throw resourceMissing('company', companyId);
  const items = await tokenItems(scope, companyId);
  return Promise.all(
    items.map(async (i) => ({
      object: 'status_token' as const,
      id: i.id as string,
      created_at: i.created_at as string,
      url: statusUrl(await decryptSecret(i.sealed as string)),
    })),
  );
}

/** Revokes a link: both items go in one transaction; the page answers 404 from then on. */
export async function revokeStatusToken(
  scope: Scope,
  companyId: string,
  tokenId: string,
): Promise<{ object: 'status_token'; id: string; deleted: true }> {
  const item = (await tokenItems(scope, companyId)).find((i) => i.id === tokenId);
  if (!item) throw resourceMissing('status token', tokenId);
  const ws = new WriteSet(scope, tableName());
  ws.delete({ pk: item.pk, sk: item.sk });
  ws.delete(statusTokenLookupKey(item.secret_hash as string));
  await commit(ws);
  return { object: 'status_token', id: tokenId, deleted: true };
}

/** The keyless page's lookup: the company the token shows, or undefined (unknown, malformed, revoked). */
export async function resolveStatusToken(token: string): Promise<{ scope: Scope; companyId: string } | undefined> {
  if (!STATUS_TOKEN_PATTERN.test(token)) return undefined;
  const res = await db().send(new GetCommand({ TableName: tableName(), Key: statusTokenLookupKey(hash(token)), ConsistentRead: true }));
  if (!res.Item) return undefined;
  return {
    scope: { partnerId: res.Item.partner_id as string, mode: res.Item.mode as Scope['mode'] },
    companyId: res.Item.company as string,
  };
}

/** Revokes every link of a company (used when a company's data must stop being shown). */
export async function revokeAllStatusTokens(scope: Scope, companyId: string): Promise<number> {
  const items = await tokenItems(scope, companyId);
  for (const item of items) {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: statusTokenLookupKey(item.secret_hash as string) }));
    await db().send(new DeleteCommand({ TableName: tableName(), Key: { pk: item.pk, sk: item.sk } }));
  }
  return items.length;
}
