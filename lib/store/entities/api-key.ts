import { tableName } from '../client';
import { allOf, anyOf, attributeNotExists, equals, itemAbsent, itemPresent, lessThan } from '../expression';
import { apiKeyById, apiKeyKey, apiKeysOfPartner, endedApiKeysOfPartner, rateWindowPartition } from '../keys';
import { queryEvery, queryPage } from '../query';
import { getItem, type ReadBatch } from '../read-batch';
import { putItem, updateItem } from '../single-item';
import type { WriteSet } from '../write-set';

/**
 * An API key as stored: under the SHA-256 of its secret (never the secret), listed on its partner's
 * keys (gsi1, `<created_at>#<id>`, newest first). The record's shape is the auth area's
 * (lib/auth/api-key.ts `ApiKeyRecord`); the store needs of it only what its keys are made of.
 */
interface KeyFields {
  id: string;
  partner_id: string;
  created_at: string;
}

/** A key as read back: its record and its item's key (what the dashboard changes it by). */
export type StoredApiKey<R> = R & { pk: string; sk: string; last_used_at?: string };

const newKeyItem = <R extends KeyFields>(secretHash: string, record: R): Record<string, unknown> => ({
  ...apiKeyKey(secretHash),
  entity: 'api_key',
  ...(record as KeyFields & Record<string, unknown>),
  ...apiKeysOfPartner(record.partner_id),
  gsi1sk: `${record.created_at}#${record.id}`,
  ...apiKeyById(record.id),
});

/** A new key under the hash of its secret (which must be new). */
export async function putNewApiKey<R extends KeyFields>(secretHash: string, record: R): Promise<void> {
  if (!(await putItem(newKeyItem(secretHash, record), itemAbsent()))) throw new Error(`API key ${record.id} exists already`);
}

/** A new key added to a change (the dashboard's, with its audit entry). */
export function addNewApiKey<R extends KeyFields>(ws: WriteSet, secretHash: string, record: R): void {
  ws.put(newKeyItem(secretHash, record), { condition: itemAbsent() });
}

/** The key revoked at `at`, added to a change: only if it is the partner's and still working (else `onFailed`). */
export function addApiKeyRevocation(
  ws: WriteSet,
  keyItem: { pk: string; sk: string; id: string },
  partnerId: string,
  at: string,
  onFailed: () => Error,
): void {
  ws.update(
    { pk: keyItem.pk, sk: keyItem.sk },
    { set: { revoked_at: at, ...endedKeyIndexes(keyItem, partnerId) } },
    { condition: allOf(itemPresent(), equals('partner_id', partnerId), attributeNotExists('revoked_at')), onFailed },
  );
}

/**
 * apiKeyBySecretHash, read strongly consistent (with others in one request when `batch` is given):
 * a process keeps what it read for a short while, so a revocation is late by at most that much, never
 * by the replication lag of an eventually consistent read as well.
 */
export async function apiKeyBySecretHash<R>(secretHash: string, batch?: ReadBatch): Promise<R | undefined> {
  return (await getItem(tableName(), apiKeyKey(secretHash), { batch, consistent: true })) as R | undefined;
}

/** Where an ended key is listed: the partner's ended keys (its place in time kept), and by its id. */
const endedKeyIndexes = (keyItem: { id: string }, partnerId: string) => ({
  ...endedApiKeysOfPartner(partnerId),
  ...apiKeyById(keyItem.id),
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
  const items = (await queryEvery({
    partition: apiKeysOfPartner(partnerId).gsi1pk,
    index: 'gsi1',
    newestFirst: true,
  })) as (StoredApiKey<R> & { id: string; gsi3pk?: string })[];
  const out = { working: [] as StoredApiKey<R>[], ended: [] as StoredApiKey<R>[] };
  const moves: Promise<unknown>[] = [];
  for (const item of items) {
    const isEnded = ended(item);
    (isEnded ? out.ended : out.working).push(item);
    const index = isEnded ? endedKeyIndexes(item, partnerId) : item.gsi3pk ? undefined : apiKeyById(item.id);
    if (index) moves.push(updateItem({ pk: item.pk, sk: item.sk }, { set: index }, allOf(itemPresent(), equals('partner_id', partnerId))));
  }
  await Promise.all(moves);
  return out;
}

/** endedApiKeysOfPartner (gsi1): the `limit` newest revoked or expired keys of a partner (by creation). */
export async function endedApiKeysOf<R>(partnerId: string, limit: number): Promise<StoredApiKey<R>[]> {
  const page = await queryPage({ partition: endedApiKeysOfPartner(partnerId).gsi1pk, index: 'gsi1', newestFirst: true, limit });
  return page.items as StoredApiKey<R>[];
}

/** apiKeyById (gsi3): the partner's key with this id, working or ended; undefined for another partner's. */
export async function apiKeyOfPartnerById<R>(partnerId: string, keyId: string): Promise<StoredApiKey<R> | undefined> {
  const page = await queryPage({ partition: apiKeyById(keyId).gsi3pk, index: 'gsi3', limit: 2 });
  return (page.items as StoredApiKey<R>[]).find((k) => (k as { partner_id?: string }).partner_id === partnerId);
}

/**
 * When a key was last counted by the rate limiter: the `last_at` of its newest window item (the key
 * counts under its own item's partition key: `RATE#KEY#<secret hash>`), one Query of one item.
 */
export async function lastCountedAt(keyItem: { pk: string }): Promise<string | undefined> {
  const page = await queryPage({
    partition: rateWindowPartition(keyItem.pk),
    sortKey: { beginsWith: 'M#' },
    newestFirst: true,
    limit: 1,
    attributes: ['last_at'],
  });
  return page.items[0]?.last_at as string | undefined;
}

/** `last_used_at` moved forward to `seen` (window items expire; the key keeps it): never backwards. */
export async function recordLastUse(keyItem: { pk: string; sk: string }, seen: string): Promise<void> {
  await updateItem(
    { pk: keyItem.pk, sk: keyItem.sk },
    { set: { last_used_at: seen } },
    allOf(itemPresent(), anyOf(attributeNotExists('last_used_at'), lessThan('last_used_at', seen))),
  );
}

/** The key revoked at `at` (a revoked key keeps its first revocation time), only if it is the partner's: the key as it now is. */
export async function revokeApiKey<R>(keyItem: { pk: string; sk: string }, partnerId: string, at: string): Promise<StoredApiKey<R>> {
  const item = await updateItem(
    { pk: keyItem.pk, sk: keyItem.sk },
    { setIfAbsent: { revoked_at: at }, set: endedApiKeysOfPartner(partnerId) },
    allOf(itemPresent(), equals('partner_id', partnerId)),
    'all',
  );
  if (!item) throw new Error(`API key ${keyItem.pk} is not partner ${partnerId}'s`);
  return item as StoredApiKey<R>;
}

/** A key's rate limits replaced (the embedded default's seed keeps its demo keys' limits as configured). */
export async function setApiKeyRateLimit(secretHash: string, rateLimit: unknown): Promise<void> {
  await updateItem(apiKeyKey(secretHash), { set: { rate_limit: rateLimit } });
}
