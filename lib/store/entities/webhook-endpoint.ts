import { getItem } from '../read-batch';
import { tableName } from '../client';
import { defineEntity } from '../entity';
import { allOf, anyOf, type Condition, equals, itemAbsent, itemPresent, type Update } from '../expression';
import { secretRollKey, webhookEndpointKey, webhookEndpointsPartition, webhookLaneKey, WEBHOOK_ENDPOINT_SK_PREFIX } from '../keys';
import { queryEvery } from '../query';
import { putItem, updateItem } from '../single-item';
import type { WriteSet } from '../write-set';
import type { Mode } from '../../scope';

/** Why an endpoint stopped receiving: it answered 410, it failed for days, or a person disabled it. */
export type DisabledReason = 'gone' | 'failing' | 'manual';

/** One HMAC signing secret, encrypted (lib/crypto/envelope.ts); plaintext `whsec_` + base64. */
export interface StoredSecret {
  ciphertext: string;
  created_at: string;
  /** Set when a newer secret replaced it: it keeps signing until then (the rotation overlap). */
  expires_at?: string;
}

/** An ed25519 key a roll replaced: it keeps signing v1a beside the new one until `expires_at`. */
export interface PreviousSigningKey {
  /** The PKCS8 DER base64 private key, encrypted. */
  ciphertext: string;
  public_key: string;
  expires_at: string;
}

/**
 * A webhook endpoint as stored (item pk `WHE#<partner>`, sk `EP#<id>`, entity `webhook_endpoint`).
 * The delivery engine reads it through lib/webhooks/endpoints/store.ts; secrets only ever leave it
 * through `activeSigningSecrets` / `signingPrivateKey`.
 */
export interface WebhookEndpoint {
  id: string;
  partner_id: string;
  mode: Mode;
  url: string;
  status: 'enabled' | 'disabled';
  disabled_reason?: DisabledReason;
  disabled_at?: string;
  /** When it was created or last re-enabled: delivery fills gaps only from here on. */
  enabled_at: string;
  /** Event types delivered; empty = all. */
  enabled_events: string[];
  description: string;
  created_at: string;
  updated_at: string;
  /** `whpk_` + base64 of the raw 32-byte ed25519 public key (spec Signing, scheme v1a). */
  public_key: string;
  /** Newest first. */
  secrets: StoredSecret[];
  /** The ed25519 private key, PKCS8 DER base64, encrypted. */
  signing_key_ciphertext: string;
  /** When it was last recovered: one recover per interval (lib/webhooks/operations/recover-events.ts). */
  last_recovered_at?: string;
  /** Keys a roll replaced, still signing during the overlap (absent: none). */
  previous_signing_keys?: PreviousSigningKey[];
  /** Optimistic-concurrency counter: every change of the record bumps it. */
  revision: number;
  /**
   * The delivery lane shard (lib/webhooks/lane-shards.ts), fixed at creation so a change of the
   * shard count never moves a queued lane. Absent on endpoints older than sharding: shard 0.
   */
  lane_shard?: number;
}

/** A pending secret roll: its one-time code (hashed), tries, and the window its sends are counted in. */
export interface SecretRoll {
  code_hash: string;
  attempts: number;
  expires_at: string;
  window_started_at: string;
  sends: number;
  /** Epoch seconds: the item expires with its sending window. */
  ttl: number;
}

const ENTITY = 'webhook_endpoint';

/**
 * Endpoints live in one partition per partner (`WHE#<partner>`), both modes, so every read is
 * addressed by the caller's partner id and another partner's endpoint is simply not found.
 */
const endpointEntity = defineEntity<WebhookEndpoint>({
  name: ENTITY,
  key: (_scope, record) => webhookEndpointKey(record.partner_id, record.id),
});

const endpointOf = (item: Record<string, unknown> | undefined): WebhookEndpoint | undefined =>
  item && item.entity === ENTITY ? endpointEntity.record(item) : undefined;

/** Stores a new endpoint, which must not exist yet. */
export async function putNewEndpoint(endpoint: WebhookEndpoint): Promise<void> {
  const scope = { partnerId: endpoint.partner_id, mode: endpoint.mode };
  if (!(await putItem(endpointEntity.item(scope, endpoint), itemAbsent())))
    throw new Error(`webhook endpoint ${endpoint.id} exists already`);
}

/** webhookEndpointById, within the partner (consistent: a change decides on the latest). */
export async function endpointById(partnerId: string, endpointId: string): Promise<WebhookEndpoint | undefined> {
  return endpointOf(await getItem(tableName(), webhookEndpointKey(partnerId, endpointId), { consistent: true }));
}

/** webhookEndpointsOfPartner: every endpoint of a partner, both modes, in the partition's order. */
export async function endpointsOfPartner(partnerId: string): Promise<WebhookEndpoint[]> {
  const items = await queryEvery({ partition: webhookEndpointsPartition(partnerId), sortKey: { beginsWith: WEBHOOK_ENDPOINT_SK_PREFIX } });
  return items.map(endpointOf).filter((e): e is WebhookEndpoint => !!e);
}

/**
 * Changes an endpoint (`revision` bumped, as every change does), only if it exists and `condition`
 * (when given) holds: the endpoint as it now is, or undefined when either did not.
 */
export async function changeEndpoint(
  partnerId: string,
  endpointId: string,
  update: Update,
  condition?: Condition,
): Promise<WebhookEndpoint | undefined> {
  const guard = allOf(itemPresent(), equals('entity', ENTITY), ...(condition ? [condition] : []));
  const item = await updateItem(
    webhookEndpointKey(partnerId, endpointId),
    { ...update, add: { ...update.add, revision: 1 } },
    guard,
    'all',
  );
  return endpointOf(item);
}

/**
 * In `ws`: the endpoint's recover turn taken at `at` (`revision` bumped, as every change does), only
 * if it exists and its last recover was at or before `notAfter` (or there was none).
 */
export function addRecoverOfEndpoint(
  ws: WriteSet,
  partnerId: string,
  endpointId: string,
  at: string,
  notAfter: string,
  onFailed: () => Error,
): void {
  ws.update(
    webhookEndpointKey(partnerId, endpointId),
    { set: { last_recovered_at: at }, add: { revision: 1 } },
    {
      condition: allOf(
        itemPresent(),
        equals('entity', ENTITY),
        anyOf(endpointEntity.where.lacks('last_recovered_at'), endpointEntity.where.atMost('last_recovered_at', notAfter)),
      ),
      onFailed,
    },
  );
}

/** The endpoint gone, with its pending secret roll and its delivery cursor, in `ws`; `onMissing` when there was no endpoint. */
export function addEndpointDeletion(ws: WriteSet, partnerId: string, endpointId: string, onMissing: () => Error): void {
  ws.delete(webhookEndpointKey(partnerId, endpointId), { condition: equals('entity', ENTITY), onFailed: onMissing });
  ws.delete(secretRollKey(partnerId, endpointId));
  ws.delete(webhookLaneKey(endpointId));
}

/** secretRollOfEndpoint: the pending roll, if any (consistent). */
export async function secretRollOf(partnerId: string, endpointId: string): Promise<SecretRoll | undefined> {
  const item = await getItem(tableName(), secretRollKey(partnerId, endpointId), { consistent: true });
  return item as SecretRoll | undefined;
}

/** A new pending roll, replacing any earlier one. */
export async function putSecretRoll(partnerId: string, endpointId: string, roll: SecretRoll): Promise<void> {
  await putItem({ ...secretRollKey(partnerId, endpointId), entity: 'webhook_secret_roll', ...roll });
}

/**
 * Counts one try of the roll whose code hashes to `codeHash`, before the code is compared, so parallel
 * guesses cannot exceed `maxAttempts`: false when the tries are spent or the roll was replaced.
 */
export async function countRollAttempt(partnerId: string, endpointId: string, codeHash: string, maxAttempts: number): Promise<boolean> {
  const counted = await updateItem(
    secretRollKey(partnerId, endpointId),
    { add: { attempts: 1 } },
    allOf({ compare: ['attempts', '<', maxAttempts] }, equals('code_hash', codeHash)),
  );
  return counted !== undefined;
}

/**
 * In `ws`: the roll's code spent (only if it is still the one that hashes to `codeHash`) and the
 * endpoint's secrets replaced (only if it is still at `revision`): one code, one new secret.
 */
export function addSecretsReplaced(
  ws: WriteSet,
  endpoint: WebhookEndpoint,
  codeHash: string,
  keys: Pick<WebhookEndpoint, 'secrets' | 'public_key' | 'signing_key_ciphertext' | 'previous_signing_keys'>,
  at: string,
  onFailed: () => Error,
): void {
  ws.delete(secretRollKey(endpoint.partner_id, endpoint.id), { condition: equals('code_hash', codeHash), onFailed });
  ws.update(
    webhookEndpointKey(endpoint.partner_id, endpoint.id),
    { set: { ...keys, updated_at: at }, add: { revision: 1 } },
    { condition: equals('revision', endpoint.revision), onFailed },
  );
}
