import { createHmac } from 'node:crypto';
import { signedContent } from './signed-content';

export const SECRET_PREFIX = 'whsec_';

/** The HMAC key of a `whsec_…` secret: the base64 after the prefix, decoded (spec, Signing: v1). */
export function secretKey(secret: string): Buffer {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('a webhook secret starts with whsec_');
  return Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/** One `v1,<base64 HMAC-SHA256>` entry. */
export function signV1(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', secretKey(secret))
    .update(signedContent(id, timestamp, body))
    .digest('base64');
  return `v1,${mac}`;
}
