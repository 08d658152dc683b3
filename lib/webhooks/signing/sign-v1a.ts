import { createPrivateKey, sign, type KeyObject } from 'node:crypto';
import { signedContent } from './signed-content';

/**
 * One `v1a,<base64 ed25519 signature>` entry, signed with node:crypto in the signer's memory: KMS
 * `Sign` takes at most 4 KiB of message for ed25519, and a webhook body is often larger.
 */
export function signV1a(privateKey: KeyObject, id: string, timestamp: number, body: string): string {
  return `v1a,${sign(null, signedContent(id, timestamp, body), privateKey).toString('base64')}`;
}

/** The endpoint's private key as stored (PKCS8 DER, base64) once decrypted. */
export function ed25519PrivateKey(pkcs8DerBase64: string): KeyObject {
  return createPrivateKey({ key: Buffer.from(pkcs8DerBase64, 'base64'), format: 'der', type: 'pkcs8' });
}
