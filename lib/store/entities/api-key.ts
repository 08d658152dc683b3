import { tableName } from '../client';
import { defineEntity, UNSCOPED } from '../entity';
import { allOf, anyOf } from '../expression';
import { apiKeyById, apiKeyKey, apiKeysOfPartner, endedApiKeysOfPartner, rateWindowPartition, secretHashOfKey } from '../keys';
import { queryEvery, queryPage } from '../query';
import { getItem, type ReadBatch } from '../read-batch';
import { putItem, updateItem } from '../single-item';
import type { WriteSet } from '../write-set';

/**
 * An API key as stored: under the SHA-256 of its secret (never the secret), listed on its partner's
 * keys (gsi1, `<created_at>#<id>`, newest first) and by its id (gsi3). The record's shape is the auth
 * area's (lib/auth/api-key.ts `ApiKeyRecord`); the store needs of it only what its keys are made of.
 */
interface KeyFields {
  id: string;
  partner_id: string;
  created_at: string;
}

/** What the store's writes name of a key's item, beside what its keys are made of. */
interface StoredKeyFields extends KeyFields {
  /** The hash of its secret: the item's key, never stored beside it. */
  secret_hash: string;
  revoked_at?: string;
  last_used_at?: string;
  rate_limit?: unknown;
}

/** The lists a key is on: its partner's working or ended keys (gsi1), and by its id (gsi3; absent on keys older than it). */
type KeyLists = {
  gsi1pk: string;
  gsi1sk: string;
  gsi3pk?: string;
  gsi3sk?: string;
};

const apiKeyEntity = defineEntity<StoredKeyFields, KeyLists>({
  name: 'api_key',
  key: (_scope, k) => apiKeyKey(k.secret_hash),
  keyOnly: ['secret_hash'],
  fromKey: (key) => ({ secret_hash: secretHashOfKey(key) }),
  // A new key works: on its partner's working list (it moves to the ended one when it ends).
  indexes: (_scope, k) => ({ ...apiKeysOfPartner(k.partner_id), gsi1sk: `${k.created_at}#${k.id}`, ...apiKeyById(k.id) }),
});
const where = apiKeyEntity.where;

/** A key as read back: its record and the hash of its secret (what its item is changed by). */
export type StoredApiKey<R> = R & KeyFields & { secret_hash: string; last_used_at?: string };

const storedKeyOf = <R>(item: Record<string, unknown>) => apiKeyEntity.record(item) as unknown as StoredApiKey<R>;
const newKeyItem = <R extends KeyFields>(secretHash: string, record: R) =>
  apiKeyEntity.item(UNSCOPED, { ...record, secret_hash: secretHash });

/** The key still belongs to the partner (a change never reaches another partner's key). */
const ofPartner = (partnerId: string) => allOf(where.present(), where.equals('partner_id', partnerId));

/** A new key under the hash of its secret (which must be new). */
export async function putNewApiKey<R extends KeyFields>(secretHash: string, record: R): Promise<void> {
  if (!(await putItem(newKeyItem(secretHash, record), where.absent()))) throw new Error(`API key ${record.id} exists already`);
}

/** A new key added to a change (the dashboard's, with its audit entry). */
export function addNewApiKey<R extends KeyFields>(ws: WriteSet, secretHash: string, record: R): void {
  ws.put(newKeyItem(secretHash, record), { condition: where.absent() });
}

/** The key revoked at `at`, added to a change: only if it is the partner's and still working (else `onFailed`). */
export function addApiKeyRevocation(
  ws: WriteSet,
  key: { secret_hash: string; id: string },
  partnerId: string,
  at: string,
  onFailed: () => Error,
): void {
  ws.update(apiKeyKey(key.secret_hash), apiKeyEntity.update({ set: { revoked_at: at, ...endedKeyLists(key, partnerId) } }), {
    condition: allOf(where.present(), where.equals('partner_id', partnerId), where.lacks('revoked_at')),
    onFailed,
  });
}

/**
 * apiKeyBySecretHash, read strongly consistent (with others in one request when `batch` is given):
 * a process keeps what it read for a short while, so a revocation is late by at most that much, never
 * by the replication lag of an eventually consistent read as well.
 */
export async function apiKeyBySecretHash<R>(secretHash: string, batch?: ReadBatch): Promise<StoredApiKey<R> | undefined> {
  const item = await getItem(tableName(), apiKeyKey(secretHash), { batch, consistent: true });
  return item ? storedKeyOf<R>(item) : undefined;
}

/** Where an ended key is listed: the partner's ended keys (its place in time kept), and by its id. */
const endedKeyLists = (key: { id: string }, partnerId: string) => ({
  ...endedApiKeysOfPartner(partnerId),
  ...apiKeyById(key.id),
});

/**
 * apiKeysOfPartner (gsi1): the keys of a partner that may still work, both modes, newest first. The
 * caller says which have ended (`ended`: revoked, or past their expiry): those are moved to the ended
 * list as they are found (a key revoked before the lists were split, or expired since), and so is
 * every key found without its id's index; both are returned, apart.
 */
export async function apiKeysListedAsWorking<R>(
  partnerId: string,
  ended: (key: StoredApiKey<R>) => boolean,
): Promise<{ working: StoredApiKey<R>[]; ended: StoredApiKey<R>[] }> {
  const items = await queryEvery({ partition: apiKeysOfPartner(partnerId).gsi1pk, index: 'gsi1', newestFirst: true });
  const out = { working: [] as StoredApiKey<R>[], ended: [] as StoredApiKey<R>[] };
  const moves: Promise<unknown>[] = [];
  for (const item of items) {
    const key = storedKeyOf<R>(item);
    const isEnded = ended(key);
    (isEnded ? out.ended : out.working).push(key);
    const lists = isEnded ? endedKeyLists(key, partnerId) : item.gsi3pk ? undefined : apiKeyById(key.id);
    if (lists) moves.push(updateItem(apiKeyKey(key.secret_hash), apiKeyEntity.update({ set: lists }), ofPartner(partnerId)));
  }
  await Promise.all(moves);
  return out;
}

/** endedApiKeysOfPartner (gsi1): the `limit` newest revoked or expired keys of a partner (by creation). */
export async function endedApiKeysOf<R>(partnerId: string, limit: number): Promise<StoredApiKey<R>[]> {
  const page = await queryPage({ partition: endedApiKeysOfPartner(partnerId).gsi1pk, index: 'gsi1', newestFirst: true, limit });
  return page.items.map((item) => storedKeyOf<R>(item));
}

/** apiKeyById (gsi3): the partner's key with this id, working or ended; undefined for another partner's. */
export async function apiKeyOfPartnerById<R>(partnerId: string, keyId: string): Promise<StoredApiKey<R> | undefined> {
  const page = await queryPage({ partition: apiKeyById(keyId).gsi3pk, index: 'gsi3', limit: 2 });
  return page.items.map((item) => storedKeyOf<R>(item)).find((k) => k.partner_id === partnerId);
}

/**
 * When a key was last counted by the rate limiter: the `last_at` of its newest window item (the key
 * counts under its own item's partition key: `RATE#KEY#<secret hash>`), one Query of one item.
 */
export async function lastCountedAt(key: { secret_hash: string }): Promise<string | undefined> {
  const page = await queryPage({
    partition: rateWindowPartition(apiKeyKey(key.secret_hash).pk),
    sortKey: { beginsWith: 'M#' },
    newestFirst: true,
    limit: 1,
    attributes: ['last_at'],
  });
  return page.items[0]?.last_at as string | undefined;
}

/** `last_used_at` moved forward to `seen` (window items expire; the key keeps it): never backwards. */
export async function recordLastUse(key: { secret_hash: string }, seen: string): Promise<void> {
  await updateItem(
    apiKeyKey(key.secret_hash),
    apiKeyEntity.update({ set: { last_used_at: seen } }),
    allOf(where.present(), anyOf(where.lacks('last_used_at'), where.lessThan('last_used_at', seen))),
  );
}

/** The key revoked at `at` (a revoked key keeps its first revocation time), only if it is the partner's: the key as it now is. */
export async function revokeApiKey<R>(secretHash: string, partnerId: string, at: string): Promise<StoredApiKey<R>> {
  const item = await updateItem(
    apiKeyKey(secretHash),
    apiKeyEntity.update({ setIfAbsent: { revoked_at: at }, set: endedApiKeysOfPartner(partnerId) }),
    ofPartner(partnerId),
    'all',
  );
  if (!item) throw new Error(`API key ${apiKeyKey(secretHash).pk} is not partner ${partnerId}'s`);
  return storedKeyOf<R>(item);
}

/** A key's rate limits replaced (the embedded default's seed keeps its demo keys' limits as configured). */
export async function setApiKeyRateLimit(secretHash: string, rateLimit: unknown): Promise<void> {
  await updateItem(apiKeyKey(secretHash), apiKeyEntity.update({ set: { rate_limit: rateLimit } }));
}
