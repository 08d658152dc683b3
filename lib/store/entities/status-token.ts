import { tableName } from '../client';
import { TTL_ATTRIBUTE } from '../table-definition';
import { defineEntity } from '../entity';
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
const ttlOf = (expiresAt: string | undefined) =>
  expiresAt === undefined ? {} : { [TTL_ATTRIBUTE]: Math.ceil(Date.parse(expiresAt) / 1000) + 24 * 60 * 60 };

const statusTokenEntity = defineEntity<StoredStatusToken>({
  name: 'status_token',
  key: (scope, token) => statusTokenKey(scope, token.company, token.created_at, token.id),
  extra: (token) => ttlOf(token.expires_at),
  internal: [TTL_ATTRIBUTE],
});

/** The lookup item: by the token's hash, whose company's link it is. */
interface StatusTokenLookup {
  secret_hash: string;
  partner_id: string;
  mode: Scope['mode'];
  company: string;
  token_id: string;
  expires_at?: string;
}

const statusTokenLookupEntity = defineEntity<StatusTokenLookup>({
  name: 'status_token_lookup',
  key: (_scope, lookup) => statusTokenLookupKey(lookup.secret_hash),
  keyOnly: ['secret_hash'],
  extra: (lookup) => ttlOf(lookup.expires_at),
  internal: [TTL_ATTRIBUTE],
});

/** A new link's two items (neither may exist yet). */
export function addStatusTokenCreation(ws: WriteSet, scope: Scope, token: StoredStatusToken): void {
  ws.put(statusTokenEntity.item(scope, token), { condition: statusTokenEntity.where.absent() });
  const lookup: StatusTokenLookup = {
    secret_hash: token.secret_hash,
    partner_id: scope.partnerId,
    mode: scope.mode,
    company: token.company,
    token_id: token.id,
    ...(token.expires_at === undefined ? {} : { expires_at: token.expires_at }),
  };
  ws.put(statusTokenLookupEntity.item(scope, lookup), { condition: statusTokenLookupEntity.where.absent() });
}

/** statusTokensOfCompany: the company's live links, newest first (consistent). */
export async function statusTokensOfCompany(scope: Scope, companyId: string): Promise<StoredStatusToken[]> {
  const items = await queryEvery({
    partition: companyPartition(scope, companyId),
    sortKey: { beginsWith: STATUS_TOKEN_SK_PREFIX },
    newestFirst: true,
    consistent: true,
  });
  return items.map(statusTokenEntity.record);
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
  const lookup = statusTokenLookupEntity.record(item);
  return {
    scope: { partnerId: lookup.partner_id, mode: lookup.mode },
    companyId: lookup.company,
    ...(lookup.expires_at === undefined ? {} : { expiresAt: lookup.expires_at }),
  };
}
