import { createPublicKey, verify as verifyEd25519, type KeyObject } from 'node:crypto';
import { Webhook, WebhookVerificationError as StandardWebhooksError } from 'standardwebhooks';
import type { Event } from './types';

/**
 * Checks a webhook delivery the way the spec's Signing part says, then returns the parsed event.
 *
 *   const event = verifyWebhook(req.headers, rawBody, { secret: 'whsec_…' });     // v1 (HMAC-SHA256)
 *   const event = verifyWebhook(req.headers, rawBody, { publicKey: 'whpk_…' });  // v1a (ed25519)
 *
 * - `v1` is checked by the `standardwebhooks` package (the Standard Webhooks reference library);
 *   `v1a` (ed25519, which that library does not verify) with node:crypto.
 * - The signed content is `<id>.<timestamp>.<raw body>`: pass the body exactly as received, before
 *   any JSON parsing (a string, Buffer, Uint8Array or ArrayBuffer).
 * - Either header set is read: `webhook-id/-timestamp/-signature` or `Service-Webhook-Id/-Timestamp/
 *   -Signature` (both carry the same values; a delivery whose two sets disagree is refused).
 * - A timestamp more than five minutes from now is refused (replay protection).
 * - With both a secret and a public key, a valid signature of either scheme is enough; entries of a
 *   scheme you hold no key for are skipped.
 *
 * Throws WebhookVerificationError (its `reason` says which check failed); answer such a delivery 400.
 */
export function verifyWebhook<T = Event>(headers: WebhookHeaders, rawBody: RawBody, options: VerifyWebhookOptions): T {
  if (!options?.secret && !options?.publicKey)
    throw new WebhookVerificationError('no_key', 'pass the endpoint secret (whsec_…), its public key (whpk_…), or both');
  const id = deliveryHeader(headers, 'id');
  const timestamp = deliveryHeader(headers, 'timestamp');
  const signature = deliveryHeader(headers, 'signature');
  if (!/^\d{1,12}$/.test(timestamp)) throw new WebhookVerificationError('missing_headers', 'webhook-timestamp is not unix seconds');
  const age = Math.floor(Date.now() / 1000) - Number(timestamp);
  if (Math.abs(age) > TOLERANCE_SECONDS)
    throw new WebhookVerificationError(
      'stale_timestamp',
      `the delivery was signed ${age} s ago; at most ${TOLERANCE_SECONDS} s either way is accepted`,
    );

  const body = bytesOf(rawBody);
  const text = new TextDecoder().decode(body);
  if (options.secret) {
    let webhook: Webhook;
    try {
      webhook = new Webhook(options.secret);
    } catch (error) {
      throw new WebhookVerificationError('bad_key', `the secret is not a whsec_ signing secret: ${(error as Error).message}`);
    }
    try {
      return webhook.verify(text, { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature }) as T;
    } catch (error) {
      if (!(error instanceof StandardWebhooksError)) throw error;
      // Not a v1 match: a v1a entry may still match the public key.
    }
  }
  if (options.publicKey) {
    const key = publicKeyObject(options.publicKey);
    const content = new Uint8Array([...new TextEncoder().encode(`${id}.${timestamp}.`), ...body]);
    for (const entry of signature.split(' ')) {
      const [scheme, value] = entry.split(',', 2);
      if (scheme !== 'v1a' || !value) continue;
      if (verifyEd25519(null, content, key, Buffer.from(value, 'base64'))) return JSON.parse(text) as T;
    }
  }
  throw new WebhookVerificationError(
    'no_matching_signature',
    `no ${[options.secret && 'v1', options.publicKey && 'v1a'].filter(Boolean).join(' or ')} signature of this delivery matches the key given`,
  );
}

/** The spec's replay window: five minutes. */
export const TOLERANCE_SECONDS = 5 * 60;

export interface VerifyWebhookOptions {
  /** The endpoint's signing secret `whsec_…` (scheme v1). */
  secret?: string;
  /** The endpoint's public key `whpk_…` (scheme v1a, ed25519). */
  publicKey?: string;
}

/** Node's `req.headers`, a fetch `Headers`, or any record of header names (any case) to values. */
export type WebhookHeaders = { get(name: string): string | null } | Record<string, string | string[] | undefined>;
export type RawBody = string | Uint8Array | ArrayBuffer;

export type WebhookVerificationReason =
  | 'no_key'
  | 'bad_key'
  | 'missing_headers'
  | 'header_mismatch'
  | 'stale_timestamp'
  | 'no_matching_signature';

export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: WebhookVerificationReason,
    detail: string,
  ) {
    super(`webhook verification failed (${reason}): ${detail}`);
    this.name = 'WebhookVerificationError';
  }
}

function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === 'function')
    return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const key = Object.keys(bag).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : bag[key];
  return Array.isArray(value) ? value.join(' ') : value;
}

/** One of the three values from `webhook-<part>` or `service-webhook-<part>`; both sets must agree. */
function deliveryHeader(headers: WebhookHeaders, part: 'id' | 'timestamp' | 'signature'): string {
  const standard = headerValue(headers, `webhook-${part}`);
  const ours = headerValue(headers, `service-webhook-${part}`);
  if (standard !== undefined && ours !== undefined && standard !== ours)
    throw new WebhookVerificationError('header_mismatch', `webhook-${part} and Service-Webhook-${part} differ`);
  const value = standard ?? ours;
  if (!value) throw new WebhookVerificationError('missing_headers', `neither webhook-${part} nor Service-Webhook-${part} is present`);
  return value;
}

function bytesOf(body: RawBody): Uint8Array {
  if (typeof body === 'string') return new TextEncoder().encode(body);
  if (body instanceof Uint8Array) return body;
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  throw new TypeError('rawBody must be the body as received: a string, Buffer, Uint8Array or ArrayBuffer (not parsed JSON)');
}

function publicKeyObject(publicKey: string): KeyObject {
  const raw = publicKey.startsWith('whpk_') ? Buffer.from(publicKey.slice('whpk_'.length), 'base64') : undefined;
  if (raw?.length !== 32) throw new WebhookVerificationError('bad_key', 'the public key is not a whpk_ key (32 bytes of ed25519, base64)');
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw.toString('base64url') }, format: 'jwk' });
}
