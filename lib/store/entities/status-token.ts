import { tableName } from '../client';
import { TTL_ATTRIBUTE } from '../table-definition';
import { itemAbsent } from '../expression';
import { companyPartition, STATUS_TOKEN_SK_PREFIX, statusTokenKey, statusTokenLookupKey } from '../keys';
import { queryEvery } from '../query';
import { getItem } from '../read-batch';
import { deleteItem } from '../single-item';
import type { Scope } from '../../scope';
import type { WriteSet } from '../write-set';

/**
 * A status link as stored: in its company's partition (`STK#<created_at>#<id>`), with the SHA-256 of
 * its token and a sealed copy of it (so the list can show the url again), and a lookup item by that
 * hash, which the keyless page reads.
 */
export interface StoredStatusToken {
  id: string;
  company: string;
  created_at: string;
  secret_hash: string;
  /** The token sealed with the envelope key (lib/crypto/envelope.ts). */
  sealed: string;
  /** When the link stops working, if the partner gave it an end (real time, as API keys' `expires_at`). */
  expires_at?: string;
}

/** What the lookup item tells the keyless page: whose company it shows. */
export interface StatusTokenTarget {
  scope: Scope;
  companyId: string;
  expiresAt?: string;
}

/** An expiring link's items go by the table's TTL a day after it ends (the page refuses it from its end). */
const ttlOf = (token: StoredStatusToken) =>
  token.expires_at === undefined ? {} : { [TTL_ATTRIBUTE]: Math.ceil(Date.parse(token.expires_at) / 1000) + 24 * 60 * 60 };

/** A new link's two items (neither may exist yet). */
export function addStatusTokenCreation(ws: WriteSet, scope: Scope, token: StoredStatusToken): void {
  ws.put(
    { ...statusTokenKey(scope, token.company, token.created_at, token.id), entity: 'status_token', ...token, ...ttlOf(token) },
    { condition: itemAbsent() },
  );
  ws.put(
    {
      ...statusTokenLookupKey(token.secret_hash),
      entity: 'status_token_lookup',
      partner_id: scope.partnerId,
      mode: scope.mode,
      company: token.company,
      token_id: token.id,
      ...(token.expires_at === undefined ? {} : { expires_at: token.expires_at }),
      ...ttlOf(token),
    },
    { condition: itemAbsent() },
  );
}

const tokenOf = (i: Record<string, unknown>): StoredStatusToken => ({
  id: i.id as string,
  company: i.company as string,
  created_at: i.created_at as string,
  secret_hash: i.secret_hash as string,
  sealed: i.sealed as string,
  ...(typeof i.expires_at === 'string' ? { expires_at: i.expires_at } : {}),
});

/** statusTokensOfCompany: the company's live links, newest first (consistent). */
export async function statusTokensOfCompany(scope: Scope, companyId: string): Promise<StoredStatusToken[]> {
  const items = await queryEvery({
    partition: companyPartition(scope, companyId),
    sortKey: { beginsWith: STATUS_TOKEN_SK_PREFIX },
    newestFirst: true,
    consistent: true,
  });
  return items.map(tokenOf);
}

/** A link's two items gone, in `ws`. */
export function addStatusTokenRevocation(ws: WriteSet, scope: Scope, token: StoredStatusToken): void {
  ws.delete(statusTokenKey(scope, token.company, token.created_at, token.id));
  ws.delete(statusTokenLookupKey(token.secret_hash));
}

/** A link's two items gone, one after the other (the lookup first: the page is 404 from then on). */
export async function removeStatusToken(scope: Scope, token: StoredStatusToken): Promise<void> {
  await deleteItem(statusTokenLookupKey(token.secret_hash));
  await deleteItem(statusTokenKey(scope, token.company, token.created_at, token.id));
}

/** statusTokenBySecretHash: whose company the link shows, or undefined (unknown or revoked). */
export async function statusTokenTarget(secretHash: string): Promise<StatusTokenTarget | undefined> {
  const item = await getItem(tableName(), statusTokenLookupKey(secretHash), { consistent: true });
  if (!item) return undefined;
  return {
    scope: { partnerId: item.partner_id as string, mode: item.mode as Scope['mode'] },
    companyId: item.company as string,
    ...(typeof item.expires_at === 'string' ? { expiresAt: item.expires_at } : {}),
  };
}
