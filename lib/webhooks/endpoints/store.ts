import { tableName } from '../../store/client';
import {
  addEndpointDeletion,
  addSecretsReplaced,
  changeEndpoint,
  countRollAttempt,
  endpointById,
  endpointsOfPartner,
  putNewEndpoint,
  putSecretRoll,
  secretRollOf,
} from '../../store/entities/webhook-endpoint';
import { equals, type Update } from '../../store/expression';
import { WriteSet } from '../../store/write-set';
import { sendWriteSet } from '../../store/transaction';
import { isTransientStoreError } from '../../store/transient';
import type { Mode } from '../../scope';
import { decryptSecret, encryptSecret } from '../../crypto/envelope';
import { newId } from '../../ids';
import { now, nowIso } from '../../clock';
import { ApiError, resourceMissing } from '../../errors';
import { CODE_TTL_MS, countCodeSend, hashOneTimeCode, newOneTimeCode, oneTimeCodeHolds } from '../../crypto/one-time-code';
import { newSigningKeyPair, newSigningSecret, SECRET_OVERLAP_MS, sealedFor } from './key-material';
import type { DisabledReason, StoredSecret, WebhookEndpoint } from './record';
import { laneShardCount, laneShardFor } from '../lane-shards';

/**
 * The webhook endpoint store: the dashboard writes it, the delivery engine reads it. Its items are
 * the entity's (lib/store/entities/webhook-endpoint.ts: one partition per partner, so every read is
 * addressed by the caller's partner id and another partner's endpoint is simply not found).
 */

export interface CreateEndpointInput {
  partnerId: string;
  mode: Mode;
  url: string;
  enabledEvents?: string[];
  description?: string;
}

/** Creates an enabled endpoint with a fresh secret and keypair; the secret is returned here once. */
export async function createEndpoint(input: CreateEndpointInput): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const secret = newSigningSecret();
  const pair = newSigningKeyPair();
  const at = nowIso();
  const id = newId('webhookEndpoint');
  const owner = { id, partner_id: input.partnerId, mode: input.mode };
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
    secrets: [{ ciphertext: await encryptSecret(secret, sealedFor(owner, 'secret')), created_at: at }],
    signing_key_ciphertext: await encryptSecret(pair.privateKeyPkcs8, sealedFor(owner, 'signing_key')),
    revision: 1,
    lane_shard: laneShardFor(id, laneShardCount()),
  };
  await putNewEndpoint(endpoint);
  return { endpoint, secret };
}

/** One endpoint of the partner, read consistently: the store's `endpointById`, the one read of an endpoint by its id. */
export { endpointById };

/** Every endpoint of a partner (optionally of one mode), oldest first. */
export async function listEndpointsOfPartner(partnerId: string, mode?: Mode): Promise<WebhookEndpoint[]> {
  const out = (await endpointsOfPartner(partnerId)).filter((e) => !mode || e.mode === mode);
  return out.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}

/** The fan-out's question: which endpoints of this partner and mode receive events now? */
export async function enabledEndpointsFor(partnerId: string, mode: Mode): Promise<WebhookEndpoint[]> {
  return (await listEndpointsOfPartner(partnerId, mode)).filter((e) => e.status === 'enabled');
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
  const set: Update['set'] = { updated_at: nowIso() };
  if (changes.url !== undefined) set.url = changes.url;
  if (changes.enabledEvents !== undefined) set.enabled_events = changes.enabledEvents;
  if (changes.description !== undefined) set.description = changes.description;
  return changeEndpoint(partnerId, endpointId, { set });
}

/**
 * Deletes the endpoint with its pending secret roll and its delivery cursor, in one transaction.
 * False when there was no such endpoint.
 */
export async function deleteEndpoint(partnerId: string, endpointId: string): Promise<boolean> {
  class NoSuchEndpoint extends Error {}
  // The partner's scope: the endpoint's items are the partner's whatever their mode.
  const ws = new WriteSet({ partnerId, mode: 'live' }, tableName());
  addEndpointDeletion(ws, partnerId, endpointId, () => new NoSuchEndpoint());
  try {
    await sendWriteSet(ws);
    return true;
  } catch (error) {
    if (error instanceof NoSuchEndpoint) return false;
    throw error;
  }
}

/** Stops deliveries: `gone` (the endpoint answered 410), `failing` (days of failures), `manual` (a person). Undefined when no such endpoint. */
export async function disableEndpoint(partnerId: string, endpointId: string, reason: DisabledReason): Promise<WebhookEndpoint | undefined> {
  const at = nowIso();
  return changeEndpoint(partnerId, endpointId, { set: { status: 'disabled', disabled_reason: reason, disabled_at: at, updated_at: at } });
}

/** Re-enables a disabled endpoint (`enabled_at` = now); an enabled one is returned unchanged. Undefined when no such endpoint. */
export async function enableEndpoint(partnerId: string, endpointId: string): Promise<WebhookEndpoint | undefined> {
  const at = nowIso();
  const enabled = await changeEndpoint(
    partnerId,
    endpointId,
    { set: { status: 'enabled', updated_at: at, enabled_at: at }, remove: ['disabled_reason', 'disabled_at'] },
    equals('status', 'disabled'),
  );
  // Already enabled (nothing was missed, enabled_at stays) or no such endpoint.
  return enabled ?? endpointById(partnerId, endpointId);
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
  // The endpoint's read (unless the caller has just read it for this partner) and the roll's own go
  // out together: the roll item is the partner's, and its answer is used only once the endpoint is known.
  const [exists, previous] = await Promise.all([
    options.endpointKnown || endpointById(partnerId, endpointId).then(Boolean),
    secretRollOf(partnerId, endpointId),
  ]);
  if (!exists) throw resourceMissing('webhook endpoint', endpointId);
  const at = now();
  const counted = countCodeSend(previous, at, ROLL_SEND_WINDOW_MS, MAX_ROLLS_PER_WINDOW);
  if (counted.retryAfterSeconds !== undefined) {
    const retryAfter = counted.retryAfterSeconds;
    throw new ApiError(
      'rate_limit',
      `Too many secret-roll codes were requested for this endpoint. Try again in ${Math.ceil(retryAfter / 60)} minutes.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
  const code = newOneTimeCode();
  const expiresAt = new Date(at.getTime() + CODE_TTL_MS);
  await putSecretRoll(partnerId, endpointId, {
    code_hash: await hashOneTimeCode('secret-roll', endpointId, code),
    attempts: 0,
    expires_at: expiresAt.toISOString(),
    ...counted.sends,
    ttl: Math.ceil((at.getTime() + ROLL_SEND_WINDOW_MS) / 1000),
  });
  return { code, expires_at: expiresAt.toISOString() };
}

const wrongCode = () =>
  new ApiError('invalid_request', 'The code is wrong, expired or used up.', [
    {
      reason: 'wrong, expired or used-up code',
      location: '$.code',
      validation_type: 'custom',
      how_to_fix: 'Request a new code with POST …/secret/roll and send the ten digits from the e-mail.',
    },
  ]);

/**
 * Second half: with the right code, a new secret becomes the current one; the previous ones keep
 * signing v1 until `SECRET_OVERLAP_MS` from now, those whose overlap ended are dropped. With
 * `retirePrevious` (a secret that leaked) every previous secret stops signing at once: the next attempt
 * carries the new v1 signature only. The ed25519 key is not touched: a roll never changes the v1a
 * `public_key` (the spec: "rotations never affect it"); replacing it is its own act
 * (`replaceSigningKey`). The new secret is returned here once.
 */
export async function confirmRoll(
  partnerId: string,
  endpointId: string,
  code: string,
  options: { retirePrevious?: boolean } = {},
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const pending = await secretRollOf(partnerId, endpointId);
  const at = now();
  const holds =
    pending &&
    (await oneTimeCodeHolds(pending, { purpose: 'secret-roll', subject: endpointId, code }, at, (codeHash, maxAttempts) =>
      countRollAttempt(partnerId, endpointId, codeHash, maxAttempts),
    ));
  if (!holds) throw wrongCode();

  const endpoint = await endpointById(partnerId, endpointId);
  if (!endpoint) throw resourceMissing('webhook endpoint', endpointId);
  const secret = newSigningSecret();
  const overlapEnds = new Date(at.getTime() + SECRET_OVERLAP_MS).toISOString();
  const stillSigning = (s: { expires_at?: string }) =>
    !options.retirePrevious && (!s.expires_at || Date.parse(s.expires_at) > at.getTime());
  const capped = (expiresAt: string | undefined) => (expiresAt && expiresAt < overlapEnds ? expiresAt : overlapEnds);
  const kept: StoredSecret[] = endpoint.secrets.filter(stillSigning).map((s) => ({ ...s, expires_at: capped(s.expires_at) }));
  const secrets: StoredSecret[] = [
    { ciphertext: await encryptSecret(secret, sealedFor(endpoint, 'secret')), created_at: at.toISOString() },
    ...kept,
  ];
  const keys = {
    secrets,
    public_key: endpoint.public_key,
    signing_key_ciphertext: endpoint.signing_key_ciphertext,
    previous_signing_keys: endpoint.previous_signing_keys ?? [],
  };
  // The code is spent in the same transaction that uses it: one code, one new secret.
  const ws = new WriteSet({ partnerId, mode: endpoint.mode }, tableName());
  addSecretsReplaced(ws, endpoint, pending.code_hash, keys, at.toISOString(), wrongCode);
  try {
    await sendWriteSet(ws);
  } catch (error) {
    // A conflicting write of the endpoint or the roll meanwhile: this code is no longer the one to use.
    if (isTransientStoreError(error)) throw wrongCode();
    throw error;
  }
  return { endpoint: { ...endpoint, ...keys, updated_at: at.toISOString(), revision: endpoint.revision + 1 }, secret };
}

/**
 * Replaces the endpoint's ed25519 key (a key that may have leaked): a new pair becomes the one whose
 * `public_key` the endpoint shows; the replaced key keeps signing v1a beside it until
 * `SECRET_OVERLAP_MS` from now, so a receiver pinned to the old public key keeps verifying while it
 * moves to the new one. Keys replaced earlier whose overlap ended are dropped. Only if the endpoint is
 * still at the revision read: a change meanwhile is refused, not overwritten.
 */
export async function replaceSigningKey(partnerId: string, endpointId: string): Promise<WebhookEndpoint> {
  const endpoint = await endpointById(partnerId, endpointId);
  if (!endpoint) throw resourceMissing('webhook endpoint', endpointId);
  const at = now();
  const overlapEnds = new Date(at.getTime() + SECRET_OVERLAP_MS).toISOString();
  const pair = newSigningKeyPair();
  const replaced = { ciphertext: endpoint.signing_key_ciphertext, public_key: endpoint.public_key, expires_at: overlapEnds };
  const previous = [replaced, ...(endpoint.previous_signing_keys ?? [])].filter(
    (k) => !k.expires_at || Date.parse(k.expires_at) > at.getTime(),
  );
  const changed = await changeEndpoint(
    partnerId,
    endpointId,
    {
      set: {
        public_key: pair.publicKey,
        signing_key_ciphertext: await encryptSecret(pair.privateKeyPkcs8, sealedFor(endpoint, 'signing_key')),
        previous_signing_keys: previous,
        updated_at: at.toISOString(),
      },
    },
    equals('revision', endpoint.revision),
  );
  if (!changed)
    throw new ApiError('invalid_request', 'The endpoint changed while its key was being replaced.', [
      {
        reason: 'the endpoint changed meanwhile',
        validation_type: 'custom',
        how_to_fix: 'Send POST …/signing-key/replace again: it replaces the key of the endpoint as it now is.',
      },
    ]);
  return changed;
}

/** The plaintext `whsec_…` secrets that sign at `at`, newest first (two during a roll's overlap). */
export async function activeSigningSecrets(endpoint: WebhookEndpoint, at: Date = now()): Promise<string[]> {
  const live = endpoint.secrets.filter((s) => !s.expires_at || Date.parse(s.expires_at) > at.getTime());
  return Promise.all(live.map((s) => decryptSecret(s.ciphertext, sealedFor(endpoint, 'secret'))));
}

/** The endpoint's ed25519 private key, PKCS8 DER base64 (for `crypto.createPrivateKey({format:'der', type:'pkcs8'})`). */
export async function signingPrivateKey(endpoint: WebhookEndpoint): Promise<string> {
  return decryptSecret(endpoint.signing_key_ciphertext, sealedFor(endpoint, 'signing_key'));
}
