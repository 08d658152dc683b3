import { createHmac, createPublicKey, timingSafeEqual, verify as verifySignature, type KeyObject } from 'node:crypto';
import { realNowMs } from '../clock';

/**
 * For receivers: checks a delivery's signature the way the spec's Signing part says, for both schemes
 * (`v1` HMAC with the endpoint secret, `v1a` ed25519 with the endpoint's public key; the
 * `standardwebhooks` package checks `v1` only). Self-contained on node:crypto, so a partner can copy
 * this one file. Verify the raw body bytes BEFORE parsing them.
 *
 *   const event = verifyWebhook(rawBody, req.headers, { secret: 'whsec_…' });        // v1
 *   const event = verifyWebhook(rawBody, req.headers, { publicKey: 'whpk_…' });      // v1a
 */

/** Thrown when a delivery must be rejected; `reason` says which check failed. */
export class WebhookVerificationError extends Error {
  constructor(readonly reason: 'missing_headers' | 'stale_timestamp' | 'no_matching_signature' | 'bad_key') {
    super(`webhook verification failed: ${reason}`);
  }
}

export interface VerifyOptions {
  /** `whsec_…`: accept a matching `v1` entry. */
  secret?: string;
  /** `whpk_…`: accept a valid `v1a` entry. */
  publicKey?: string;
  /** Replay window in seconds (spec: five minutes). */
  toleranceSeconds?: number;
  /** Unix seconds "now" (tests). */
  nowSeconds?: number;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value[0] : value;
}

function publicKeyObject(publicKey: string): KeyObject {
  if (!publicKey.startsWith('whpk_')) throw new WebhookVerificationError('bad_key');
  const raw = Buffer.from(publicKey.slice('whpk_'.length), 'base64');
  if (raw.length !== 32) throw new WebhookVerificationError('bad_key');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}

/** Returns the parsed event when a signature of a scheme you hold a key for matches; throws otherwise. */
export function verifyWebhook<T = unknown>(body: string | Buffer, headers: HeaderBag, options: VerifyOptions): T {
  const id = header(headers, 'webhook-id') ?? header(headers, 'service-webhook-id');
  const timestamp = header(headers, 'webhook-timestamp') ?? header(headers, 'service-webhook-timestamp');
  const signatures = header(headers, 'webhook-signature') ?? header(headers, 'service-webhook-signature');
  if (!id || !timestamp || !signatures || !/^\d+$/.test(timestamp)) throw new WebhookVerificationError('missing_headers');
  const now = options.nowSeconds ?? Math.floor(realNowMs() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) throw new WebhookVerificationError('stale_timestamp');
  if (!options.secret && !options.publicKey) throw new WebhookVerificationError('bad_key');

  const raw = Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const content = Buffer.concat([Buffer.from(`${id}.${timestamp}.`, 'utf8'), raw]);
  const hmac = options.secret
    ? createHmac('sha256', Buffer.from(options.secret.replace(/^whsec_/, ''), 'base64'))
        .update(content)
        .digest()
    : undefined;
  const key = options.publicKey ? publicKeyObject(options.publicKey) : undefined;

  for (const entry of signatures.split(' ')) {
    const [scheme, value] = entry.split(',', 2);
    if (!value) continue;
    const signature = Buffer.from(value, 'base64');
    if (scheme === 'v1' && hmac && signature.length === hmac.length && timingSafeEqual(signature, hmac))
      return JSON.parse(raw.toString('utf8')) as T;
    if (scheme === 'v1a' && key && verifySignature(null, content, key, signature)) return JSON.parse(raw.toString('utf8')) as T;
  }
  throw new WebhookVerificationError('no_matching_signature');
}
