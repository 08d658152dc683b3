import { createHash } from 'node:crypto';
import { nowIso, realNowMs } from '../clock';
import { config } from '../config';
import { decryptSecret, encryptSecret, type SealContext } from '../crypto/envelope';
import { resourceMissing } from '../errors';
import { newId, randomBase62 } from '../ids';
import { getCompany } from '../store/entities/company';
import { assertNotDissolved } from '../lifecycle/company-status';
import { commit } from '../event-log/commit';
import { tableName } from '../store/client';
import {
  addStatusTokenCreation,
  addStatusTokenRevocation,
  removeStatusToken,
  statusTokensOfCompany,
  statusTokenTarget,
} from '../store/entities/status-token';
import type { Scope } from '../scope';
import { listCapReached, MAX_STATUS_LINKS_PER_COMPANY } from '../resources/list-caps';
import { WriteSet } from '../store/write-set';

/**
 * Status links (spec Status token; Authentication 5): keyless, read-only links to a company's live
 * status. The token in the URL is 32 characters [0-9A-Za-z] (~190 bits), so it cannot be guessed; we
 * keep only its SHA-256 for the lookup, and, so that the list can show the `url` again (spec: list
 * items carry `url`), a copy sealed with the envelope key (lib/crypto/envelope.ts). Revoking deletes
 * the lookup item: the link is 404 at the next request. A link may carry an expiry (`expires_at`, real
 * time as API keys' own): from then on its page is 404 and the list leaves it out, and the table's TTL
 * removes it a day later. Reading the list (the urls) takes `companies:write`, as minting does: a
 * read-only key never holds a working link (docs/decisions.md, "Status links").
 */
export interface StatusToken {
  object: 'status_token';
  id: string;
  created_at: string;
  url: string;
  /** Only on a link minted with an expiry. */
  expires_at?: string;
}

const isLive = (token: { expires_at?: string }, at = realNowMs()) => token.expires_at === undefined || Date.parse(token.expires_at) > at;

export const STATUS_TOKEN_PATTERN = /^[0-9A-Za-z]{32}$/;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');
export const statusUrl = (token: string) => `${config().publicUrl}/status/${token}`;

/** The record a link's sealed copy belongs to: a copy moved onto another link, company or partner does not open. */
const sealedFor = (scope: Scope, companyId: string, id: string): SealContext => ({
  record: 'status_token',
  partner_id: scope.partnerId,
  mode: scope.mode,
  company_id: companyId,
  status_token_id: id,
});

export async function mintStatusToken(scope: Scope, companyId: string, options: { expiresAt?: string } = {}): Promise<StatusToken> {
  const company = await getCompany(scope, companyId);
  if (!company) throw resourceMissing('company', companyId);
  assertNotDissolved(company, 'minting a status link');
  const working = (await statusTokensOfCompany(scope, companyId)).filter((t) => isLive(t));
  if (working.length >= MAX_STATUS_LINKS_PER_COMPANY)
    throw listCapReached(
      'working status links',
      MAX_STATUS_LINKS_PER_COMPANY,
      'Revoke a link no longer shared (DELETE /v1/companies/{companyID}/status-tokens/{statusTokenID}), or mint links with an expires_at.',
    );
  const token = randomBase62(32);
  const id = newId('statusToken');
  const createdAt = nowIso();
  const secretHash = hash(token);
  const expiry = options.expiresAt === undefined ? {} : { expires_at: new Date(options.expiresAt).toISOString() };
  const ws = new WriteSet(scope, tableName());
  addStatusTokenCreation(ws, scope, {
    id,
    company: companyId,
    created_at: createdAt,
    secret_hash: secretHash,
    sealed: await encryptSecret(token, sealedFor(scope, companyId, id)),
    ...expiry,
  });
  await commit(ws);
  return { object: 'status_token', id, created_at: createdAt, url: statusUrl(token), ...expiry };
}

/** The company's working status links (neither revoked nor expired), newest first. */
export async function listStatusTokens(scope: Scope, companyId: string): Promise<StatusToken[]> {
  const company = await getCompany(scope, companyId);
  if (!company) throw resourceMissing('company', companyId);
  const tokens = (await statusTokensOfCompany(scope, companyId)).filter((t) => isLive(t));
  return Promise.all(
    tokens.map(async (t) => ({
      object: 'status_token' as const,
      id: t.id,
      created_at: t.created_at,
      url: statusUrl(await decryptSecret(t.sealed, sealedFor(scope, companyId, t.id))),
      ...(t.expires_at === undefined ? {} : { expires_at: t.expires_at }),
    })),
  );
}

/** Revokes a link: both items go in one transaction; the page answers 404 from then on. */
export async function revokeStatusToken(
  scope: Scope,
  companyId: string,
  tokenId: string,
): Promise<{ object: 'status_token'; id: string; deleted: true }> {
  const token = (await statusTokensOfCompany(scope, companyId)).find((t) => t.id === tokenId);
  if (!token) throw resourceMissing('status token', tokenId);
  const ws = new WriteSet(scope, tableName());
  addStatusTokenRevocation(ws, scope, token);
  await commit(ws);
  return { object: 'status_token', id: tokenId, deleted: true };
}

/** The keyless page's lookup: the company the token shows, or undefined (unknown, malformed, revoked, expired). */
export async function resolveStatusToken(token: string): Promise<{ scope: Scope; companyId: string } | undefined> {
  if (!STATUS_TOKEN_PATTERN.test(token)) return undefined;
  const target = await statusTokenTarget(hash(token));
  if (!target || !isLive({ expires_at: target.expiresAt })) return undefined;
  return { scope: target.scope, companyId: target.companyId };
}

/** Revokes every link of a company (used when a company's data must stop being shown). */
export async function revokeAllStatusTokens(scope: Scope, companyId: string): Promise<number> {
  const tokens = await statusTokensOfCompany(scope, companyId);
  for (const token of tokens) await removeStatusToken(scope, token);
  return tokens.length;
}
