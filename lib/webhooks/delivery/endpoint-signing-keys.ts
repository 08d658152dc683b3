import type { KeyObject } from 'node:crypto';
import { decryptSecret, sealCacheKey } from '../../crypto/envelope';
import { ed25519PrivateKey, type SigningKeys } from '../signing';
import type { WebhookEndpoint } from '../endpoints';
import { sealedFor } from '../endpoints/key-material';

/**
 * Decrypted signing material, cached per ciphertext and the record it was opened for, for the life of
 * the signer process (a roll writes a new ciphertext, so the cache never serves a retired secret; the
 * record in the key means a ciphertext copied onto another endpoint is opened, and refused, for it).
 * Plaintexts stay in memory only: never logged, never written.
 */
const secrets = new Map<string, string>();
const privateKeys = new Map<string, KeyObject>();
const MAX_CACHED = 2000;

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(key, value);
  return value;
}

/** Every secret that signs now (not past `expires_at`: two during a roll's overlap) and every ed25519 key likewise. */
export async function endpointSigningKeys(endpoint: WebhookEndpoint, nowMs: number): Promise<SigningKeys> {
  const live = (endpoint.secrets ?? []).filter((s) => !s.expires_at || Date.parse(s.expires_at) > nowMs);
  const secretOf = sealedFor(endpoint, 'secret');
  const plain = await Promise.all(
    live.map(async (s) => {
      const key = sealCacheKey(s.ciphertext, secretOf);
      return secrets.get(key) ?? remember(secrets, key, await decryptSecret(s.ciphertext, secretOf));
    }),
  );
  const keyOf = sealedFor(endpoint, 'signing_key');
  const sealedKeys = [
    endpoint.signing_key_ciphertext,
    ...(endpoint.previous_signing_keys ?? []).filter((k) => Date.parse(k.expires_at) > nowMs).map((k) => k.ciphertext),
  ].filter(Boolean);
  const keys = await Promise.all(
    sealedKeys.map(async (sealed) => {
      const key = sealCacheKey(sealed, keyOf);
      return privateKeys.get(key) ?? remember(privateKeys, key, ed25519PrivateKey(await decryptSecret(sealed, keyOf)));
    }),
  );
  return { secrets: plain, privateKeys: keys };
}
