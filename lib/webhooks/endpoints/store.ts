import { queryAll } from '../../store/query-all';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '../../store/dynamodb';
import { db, tableName } from '../../store/client';
import { secretRollKey, webhookEndpointKey, webhookEndpointsPartition, webhookLaneKey, WEBHOOK_ENDPOINT_SK_PREFIX } from '../../store/keys';
import type { Mode } from '../../scope';
import { decryptSecret, encryptSecret } from '../../crypto/envelope';
import { newId } from '../../ids';
import { now, nowIso } from '../../clock';
import { ApiError, resourceMissing } from '../../errors';
import { CODE_TTL_MS, hashOneTimeCode, MAX_CODE_ATTEMPTS, newOneTimeCode, sameHash } from '../../crypto/one-time-code';
import { newSigningKeyPair, newSigningSecret, SECRET_OVERLAP_MS } from './key-material';
import type { DisabledReason, StoredSecret, WebhookEndpoint } from './record';
import { recordOf } from '../../store/entity';
import { laneShardCount, laneShardFor } from '../lane-shards';

/**
 * The webhook endpoint store: the dashboard writes it, the delivery engine reads it. Endpoints live
 * in one partition per partner (`WHE#<partner>`), so every read is addressed by the caller's partner
 * id and another partner's endpoint is simply not found.
 */

const ENTITY = 'webhook_endpoint';

export interface CreateEndpointInput {
  partnerId: string;
  mode: Mode;
  url: string;
  enabledEvents?: string[];
  description?: string;
}

function fromItem(item: Record<string, unknown> | undefined): WebhookEndpoint | undefined {
  if (!item || item.entity !== ENTITY) return undefined;
  return recordOf<WebhookEndpoint>(item);
}

/** Creates an enabled endpoint with a fresh secret and keypair; the secret is returned here once. */
export async function createEndpoint(input: CreateEndpointInput): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const secret = newSigningSecret();
  const pair = newSigningKeyPair();
  const at = nowIso();
  const id = newId('webhookEndpoint');
  const endpoint: WebhookEndpoint = {
    id,
    partner_id: input.partnerId,
    mode: input.mode,
    url: input.url,
    status: 'enabled',
    enabled_events: input.enabledEvents ?? [],
    description: input.description ?? '',
    created_at: at,
    updated_at: at,
    enabled_at: at,
    public_key: pair.publicKey,
    secrets: [{ ciphertext: await encryptSecret(secret), created_at: at }],
    signing_key_ciphertext: await encryptSecret(pair.privateKeyPkcs8),
    revision: 1,
    lane_shard: laneShardFor(id, laneShardCount()),
  };
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...webhookEndpointKey(input.partnerId, endpoint.id), entity: ENTITY, ...endpoint },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return { endpoint, secret };
}

export async function getEndpoint(partnerId: string, endpointId: string): Promise<WebhookEndpoint | undefined> {
  const res = await db().send(
    new GetCommand({ TableName: tableName(), Key: webhookEndpointKey(partnerId, endpointId), ConsistentRead: true }),
  );
  return fromItem(res.Item);
}

/** Every endpoint of a partner (optionally of one mode), oldest first. */
export async function listEndpointsOfPartner(partnerId: string, mode?: Mode): Promise<WebhookEndpoint[]> {
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :ep)',
    ExpressionAttributeValues: { ':pk': webhookEndpointsPartition(partnerId), ':ep': WEBHOOK_ENDPOINT_SK_PREFIX },
  });
  const out = items.map(fromItem).filter((e): e is WebhookEndpoint => !!e && (!mode || e.mode === mode));
  return out.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** The fan-out's question: which endpoints of this partner and mode receive events now? */
export async function enabledEndpointsFor(partnerId: string, mode: Mode): Promise<WebhookEndpoint[]> {
  return (await listEndpointsOfPartner(partnerId, mode)).filter((e) => e.status === 'enabled');
}

async function updateEndpoint(
  partnerId: string,
  endpointId: string,
  expression: string,
  names: Record<string, string>,
  values: Record<string, unknown>,
): Promise<WebhookEndpoint | undefined> {
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookEndpointKey(partnerId, endpointId),
        UpdateExpression: `${expression} ADD revision :one`,
        ConditionExpression: 'attribute_exists(pk) AND entity = :entity',
        ExpressionAttributeNames: Object.keys(names).length ? names : undefined,
        ExpressionAttributeValues: { ...values, ':one': 1, ':entity': ENTITY },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(res.Attributes);
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}

export interface EndpointChanges {
  url?: string;
  enabledEvents?: string[];
  description?: string;
}

/** Changes URL, filter and description (each only when given). Undefined when no such endpoint. */
export async function updateEndpointSettings(
  partnerId: string,
  endpointId: string,
  changes: EndpointChanges,
): Promise<WebhookEndpoint | undefined> {
  const sets = ['updated_at = :at'];
  const values: Record<string, unknown> = { ':at': nowIso() };
  if (changes.url !== undefined) {
    sets.push('#url = :url');
    values[':url'] = changes.url;
  }
  if (changes.enabledEvents !== undefined) {
    sets.push('enabled_events = :events');
    values[':events'] = changes.enabledEvents;
  }
  if (changes.description !== undefined) {
    sets.push('description = :description');
    values[':description'] = changes.description;
  }
  return updateEndpoint(partnerId, endpointId, `SET ${sets.join(', ')}`, changes.url !== undefined ? { '#url': 'url' } : {}, values);
}

/**
 * Deletes the endpoint with its pending secret roll and its delivery cursor, in one transaction.
 * False when there was no such endpoint.
 */
export async function deleteEndpoint(partnerId: string, endpointId: string): Promise<boolean> {
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Delete: {
              TableName: tableName(),
              Key: webhookEndpointKey(partnerId, endpointId),
              ConditionExpression: 'entity = :entity',
              ExpressionAttributeValues: { ':entity': ENTITY },
            },
          },
          { Delete: { TableName: tableName(), Key: secretRollKey(partnerId, endpointId) } },
          { Delete: { TableName: tableName(), Key: webhookLaneKey(endpointId) } },
        ],
      }),
    );
    return true;
  } catch (error) {
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if ((error as { name?: string }).name === 'TransactionCanceledException' && reasons?.[0]?.Code === 'ConditionalCheckFailed')
      return false;
    throw error;
  }
}

/** Stops deliveries: `gone` (the endpoint answered 410), `failing` (days of failures), `manual` (a person). Undefined when no such endpoint. */
export async function disableEndpoint(partnerId: string, endpointId: string, reason: DisabledReason): Promise<WebhookEndpoint | undefined> {
  const at = nowIso();
  return updateEndpoint(
    partnerId,
    endpointId,
    'SET #status = :disabled, disabled_reason = :reason, disabled_at = :at, updated_at = :at',
    { '#status': 'status' },
    {
      ':disabled': 'disabled',
      ':reason': reason,
      ':at': at,
    },
  );
}

/** Re-enables a disabled endpoint (`enabled_at` = now); an enabled one is returned unchanged. Undefined when no such endpoint. */
export async function enableEndpoint(partnerId: string, endpointId: string): Promise<WebhookEndpoint | undefined> {
  const at = nowIso();
  try {
    const res = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookEndpointKey(partnerId, endpointId),
        UpdateExpression:
          'SET #status = :enabled, updated_at = :at, enabled_at = :at REMOVE disabled_reason, disabled_at ADD revision :one',
        ConditionExpression: 'entity = :entity AND #status = :disabled',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':enabled': 'enabled', ':disabled': 'disabled', ':at': at, ':one': 1, ':entity': ENTITY },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(res.Attributes);
  } catch (error) {
    // Already enabled (nothing was missed, enabled_at stays) or no such endpoint.
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return getEndpoint(partnerId, endpointId);
    throw error;
  }
}

/** At most five roll codes per endpoint per fifteen minutes: each code allows five guesses. */
export const ROLL_SEND_WINDOW_MS = 15 * 60 * 1000;
export const MAX_ROLLS_PER_WINDOW = 5;

/**
 * First half of a secret roll: a one-time code (stored hashed, ten minutes, five tries) that the
 * caller e-mails to the person asking. A new request replaces a pending code.
 */
export async function rollSecret(
  partnerId: string,
  endpointId: string,
  options: { endpointKnown?: boolean } = {},
): Promise<{ code: string; expires_at: string }> {
  const key = secretRollKey(partnerId, endpointId);
  // The endpoint's read (unless the caller has just read it for this partner) and the roll's own go
  // out together: the roll item is the partner's, and its answer is used only once the endpoint is known.
  const [exists, previousRead] = await Promise.all([
    options.endpointKnown || getEndpoint(partnerId, endpointId).then(Boolean),
    db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true })),
  ]);
  if (!exists) throw resourceMissing('webhook endpoint', endpointId);
  const at = now();
  const previous = previousRead.Item;
  const windowOpen = previous && Date.parse(previous.window_started_at) + ROLL_SEND_WINDOW_MS > at.getTime();
  if (windowOpen && previous.sends >= MAX_ROLLS_PER_WINDOW) {
    const retryAfter = Math.ceil((Date.parse(previous.window_started_at) + ROLL_SEND_WINDOW_MS - at.getTime()) / 1000);
    throw new ApiError(
      'rate_limit',
      `Too many secret-roll codes were requested for this endpoint. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
  const code = newOneTimeCode();
  const expiresAt = new Date(at.getTime() + CODE_TTL_MS);
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...key,
        entity: 'webhook_secret_roll',
        code_hash: hashOneTimeCode('secret-roll', endpointId, code),
        attempts: 0,
        expires_at: expiresAt.toISOString(),
        window_started_at: windowOpen ? previous.window_started_at : at.toISOString(),
        sends: windowOpen ? previous.sends + 1 : 1,
        ttl: Math.ceil((at.getTime() + ROLL_SEND_WINDOW_MS) / 1000),
      },
    }),
  );
  return { code, expires_at: expiresAt.toISOString() };
}

const wrongCode = () =>
  new ApiError('invalid_request', 'The code is wrong, expired or used up.', [
    {
      reason: 'wrong, expired or used-up code',
      location: '$.code',
      validation_type: 'custom',
      how_to_fix: 'Request a new code with POST …/secret/roll and send the six digits from the e-mail.',
    },
  ]);

/**
 * Second half: with the right code, a new secret becomes the newest; the previous current one keeps
 * signing until `SECRET_OVERLAP_MS` from now, secrets whose overlap ended are dropped. The new secret
 * is returned here once.
 */
export async function confirmRoll(
  partnerId: string,
  endpointId: string,
  code: string,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const rollKey = secretRollKey(partnerId, endpointId);
  const pending = (await db().send(new GetCommand({ TableName: tableName(), Key: rollKey, ConsistentRead: true }))).Item;
  const at = now();
  if (!pending || Date.parse(pending.expires_at) <= at.getTime() || pending.attempts >= MAX_CODE_ATTEMPTS) throw wrongCode();
  // Count the try before comparing, under a condition, so parallel guesses cannot exceed the limit.
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: rollKey,
        UpdateExpression: 'ADD attempts :one',
        ConditionExpression: 'attempts < :max AND code_hash = :hash',
        ExpressionAttributeValues: { ':one': 1, ':max': MAX_CODE_ATTEMPTS, ':hash': pending.code_hash },
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') throw wrongCode();
    throw error;
  }
  if (!sameHash(pending.code_hash, hashOneTimeCode('secret-roll', endpointId, code))) throw wrongCode();

  const endpoint = await getEndpoint(partnerId, endpointId);
  if (!endpoint) throw resourceMissing('webhook endpoint', endpointId);
  const secret = newSigningSecret();
  const overlapEnds = new Date(at.getTime() + SECRET_OVERLAP_MS).toISOString();
  const kept: StoredSecret[] = endpoint.secrets
    .filter((s) => !s.expires_at || Date.parse(s.expires_at) > at.getTime())
    .map((s) => ({ ...s, expires_at: s.expires_at && s.expires_at < overlapEnds ? s.expires_at : overlapEnds }));
  const secrets: StoredSecret[] = [{ ciphertext: await encryptSecret(secret), created_at: at.toISOString() }, ...kept];
  try {
    await db().send(
      new TransactWriteCommand({
        TransactItems: [
          // The code is spent in the same transaction that uses it: one code, one new secret.
          {
            Delete: {
              TableName: tableName(),
              Key: rollKey,
              ConditionExpression: 'code_hash = :hash',
              ExpressionAttributeValues: { ':hash': pending.code_hash },
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: webhookEndpointKey(partnerId, endpointId),
              UpdateExpression: 'SET secrets = :secrets, updated_at = :at ADD revision :one',
              ConditionExpression: 'revision = :revision',
              ExpressionAttributeValues: { ':secrets': secrets, ':at': at.toISOString(), ':one': 1, ':revision': endpoint.revision },
            },
          },
        ],
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name === 'TransactionCanceledException') throw wrongCode();
    throw error;
  }
  return { endpoint: { ...endpoint, secrets, updated_at: at.toISOString(), revision: endpoint.revision + 1 }, secret };
}

/** The plaintext `whsec_…` secrets that sign at `at`, newest first (two during a roll's overlap). */
export async function activeSigningSecrets(endpoint: WebhookEndpoint, at: Date = now()): Promise<string[]> {
  const live = endpoint.secrets.filter((s) => !s.expires_at || Date.parse(s.expires_at) > at.getTime());
  return Promise.all(live.map((s) => decryptSecret(s.ciphertext)));
}

/** The endpoint's ed25519 private key, PKCS8 DER base64 (for `crypto.createPrivateKey({format:'der', type:'pkcs8'})`). */
export async function signingPrivateKey(endpoint: WebhookEndpoint): Promise<string> {
  return decryptSecret(endpoint.signing_key_ciphertext);
}
