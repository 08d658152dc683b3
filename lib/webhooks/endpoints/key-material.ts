import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { SealContext } from '../../crypto/envelope';
import type { WebhookEndpoint } from '../../store/entities/webhook-endpoint';

/** Overlap after a roll: the old secret keeps signing this long, then retires by itself. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** `whsec_` + base64 of 32 random bytes (Standard Webhooks: the HMAC key is the decoded part). */
export function newSigningSecret(): string {
  return 'whsec_' + randomBytes(32).toString('base64');
}

/** An ed25519 keypair: the public half as `whpk_` + base64 of its raw 32 bytes, the private as PKCS8 DER base64. */
export function newSigningKeyPair(): { publicKey: string; privateKeyPkcs8: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  // The SPKI DER of an ed25519 key is a fixed 12-byte header followed by the raw 32-byte key.
  const raw = publicKey.export({ type: 'spki', format: 'der' }).subarray(-32);
  return {
    publicKey: 'whpk_' + raw.toString('base64'),
    privateKeyPkcs8: privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64'),
  };
}

/**
 * The record an endpoint's sealed secret or private key belongs to (lib/crypto/envelope.ts binds it
 * into the ciphertext): a ciphertext copied onto another endpoint, partner, mode or field does not open.
 * A replaced private key keeps its context: it is still this endpoint's signing key.
 */
export function sealedFor(endpoint: Pick<WebhookEndpoint, 'id' | 'partner_id' | 'mode'>, field: 'secret' | 'signing_key'): SealContext {
  return { record: 'webhook_endpoint', partner_id: endpoint.partner_id, mode: endpoint.mode, endpoint_id: endpoint.id, field };
}
