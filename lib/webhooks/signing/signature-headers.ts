import type { KeyObject } from 'node:crypto';
import { signV1 } from './sign-v1';
import { signV1a } from './sign-v1a';

export interface SigningKeys {
  /** Plaintext `whsec_…` secrets that sign now, newest first: two during a roll's overlap. */
  secrets: string[];
  /** The endpoint's ed25519 keys that sign now, newest first: two during a roll's overlap (none: v1 only). */
  privateKeys?: KeyObject[];
}

/**
 * The headers of one delivery attempt (spec, Signing): our `Service-Webhook-*` names and the bare
 * Standard Webhooks names, carrying the same values. Called per attempt, so every retry carries a
 * fresh timestamp and signature.
 */
export function signatureHeaders(keys: SigningKeys, eventId: string, timestampSeconds: number, body: string): Record<string, string> {
  const entries = keys.secrets.map((s) => signV1(s, eventId, timestampSeconds, body));
  for (const key of keys.privateKeys ?? []) entries.push(signV1a(key, eventId, timestampSeconds, body));
  const signature = entries.join(' ');
  const timestamp = String(timestampSeconds);
  return {
    'Service-Webhook-Id': eventId,
    'Service-Webhook-Timestamp': timestamp,
    'Service-Webhook-Signature': signature,
    'webhook-id': eventId,
    'webhook-timestamp': timestamp,
    'webhook-signature': signature,
  };
}
