import { generateKeyPairSync, sign } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { TOLERANCE_SECONDS, verifyWebhook, WebhookVerificationError } from '../../sdk/node/src/index';

/**
 * verifyWebhook against deliveries signed here the spec's way (Events: Signing): v1 with a
 * `standardwebhooks` signer, v1a with an ed25519 key of node:crypto. The e2e flow
 * (test/e2e/sdk-partner-flow.test.ts) checks it against the real signer's deliveries.
 */
const secret = 'whsec_' + Buffer.from('a'.repeat(32)).toString('base64');
const otherSecret = 'whsec_' + Buffer.from('b'.repeat(32)).toString('base64');
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const whpk = 'whpk_' + Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64');
const otherWhpk =
  'whpk_' + Buffer.from(generateKeyPairSync('ed25519').publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64');

const event = {
  object: 'event',
  id: 'evt_' + 'a'.repeat(22),
  type: 'company.created',
  data: { object: { object: 'company', name: 'Zoë & Co' } },
  livemode: false,
  timestamp: '2026-11-01T00:00:00.000Z',
  created_at: '2026-11-01T00:00:00.000Z',
};
const body = JSON.stringify(event);

function delivery(options: { at?: number; schemes?: ('v1' | 'v1a')[]; set?: 'standard' | 'service' | 'both' } = {}) {
  const at = options.at ?? Math.floor(Date.now() / 1000);
  const entries: string[] = [];
  if ((options.schemes ?? ['v1', 'v1a']).includes('v1')) entries.push(new Webhook(secret).sign(event.id, new Date(at * 1000), body));
  if ((options.schemes ?? ['v1', 'v1a']).includes('v1a'))
    entries.push(`v1a,${sign(null, Buffer.from(`${event.id}.${at}.${body}`), privateKey).toString('base64')}`);
  const values = { id: event.id, timestamp: String(at), signature: entries.join(' ') };
  const set = options.set ?? 'both';
  return {
    ...(set !== 'service' ? { 'webhook-id': values.id, 'webhook-timestamp': values.timestamp, 'webhook-signature': values.signature } : {}),
    ...(set !== 'standard'
      ? { 'Service-Webhook-Id': values.id, 'Service-Webhook-Timestamp': values.timestamp, 'Service-Webhook-Signature': values.signature }
      : {}),
  } as Record<string, string>;
}

function reason(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  return undefined;
}

afterEach(() => jest.restoreAllMocks());

describe('verifyWebhook', () => {
  it('accepts v1 with the secret and v1a with the public key, and returns the parsed event', () => {
    expect(verifyWebhook(delivery(), body, { secret })).toEqual(event);
    expect(verifyWebhook(delivery(), body, { publicKey: whpk })).toEqual(event);
    expect(verifyWebhook(delivery({ schemes: ['v1a'] }), body, { secret, publicKey: whpk })).toEqual(event);
    expect(verifyWebhook(delivery({ schemes: ['v1'] }), body, { secret, publicKey: whpk })).toEqual(event);
  });

  it('reads either header set, any case, from a record or a fetch Headers', () => {
    expect(verifyWebhook(delivery({ set: 'standard' }), body, { secret, publicKey: whpk })).toEqual(event);
    expect(verifyWebhook(delivery({ set: 'service' }), body, { secret })).toEqual(event);
    expect(verifyWebhook(delivery({ set: 'service' }), body, { publicKey: whpk })).toEqual(event);
    expect(verifyWebhook(new Headers(delivery({ set: 'service' })), body, { publicKey: whpk })).toEqual(event);
    const lower = Object.fromEntries(Object.entries(delivery()).map(([k, v]) => [k.toLowerCase(), v]));
    expect(verifyWebhook(lower, body, { secret })).toEqual(event);
  });

  it('takes the raw body as a string, Buffer, Uint8Array or ArrayBuffer, and refuses parsed JSON', () => {
    const bytes = new TextEncoder().encode(body);
    for (const raw of [body, Buffer.from(body), bytes, bytes.buffer.slice(0)]) {
      expect(verifyWebhook(delivery(), raw, { secret })).toEqual(event);
      expect(verifyWebhook(delivery(), raw, { publicKey: whpk })).toEqual(event);
    }
    expect(() => verifyWebhook(delivery(), event as never, { secret })).toThrow(/raw body|as received/);
  });

  it('refuses a wrong secret, a wrong public key and a tampered body', () => {
    expect(reason(() => verifyWebhook(delivery(), body, { secret: otherSecret }))).toBe('no_matching_signature');
    expect(reason(() => verifyWebhook(delivery(), body, { publicKey: otherWhpk }))).toBe('no_matching_signature');
    expect(reason(() => verifyWebhook(delivery({ schemes: ['v1a'] }), body, { secret }))).toBe('no_matching_signature');
    expect(reason(() => verifyWebhook(delivery({ schemes: ['v1'] }), body, { publicKey: whpk }))).toBe('no_matching_signature');
    const tampered = body.replace('Zoë', 'Zoe');
    expect(reason(() => verifyWebhook(delivery(), tampered, { secret, publicKey: whpk }))).toBe('no_matching_signature');
  });

  it('accepts any of two v1 entries (a secret rotation overlap)', () => {
    const headers = delivery({ schemes: ['v1'], set: 'standard' });
    const at = new Date(Number(headers['webhook-timestamp']) * 1000);
    headers['webhook-signature'] = `${new Webhook(otherSecret).sign(event.id, at, body)} ${headers['webhook-signature']}`;
    expect(verifyWebhook(headers, body, { secret })).toEqual(event);
    expect(verifyWebhook(headers, body, { secret: otherSecret })).toEqual(event);
  });

  it('refuses a timestamp more than five minutes from now, either way, for both schemes', () => {
    const signedAt = Math.floor(Date.now() / 1000);
    const headers = delivery({ at: signedAt });
    const at = (seconds: number) => jest.spyOn(Date, 'now').mockReturnValue((signedAt + seconds) * 1000);
    at(TOLERANCE_SECONDS);
    expect(verifyWebhook(headers, body, { secret })).toEqual(event);
    expect(verifyWebhook(headers, body, { publicKey: whpk })).toEqual(event);
    at(TOLERANCE_SECONDS + 1);
    expect(reason(() => verifyWebhook(headers, body, { secret }))).toBe('stale_timestamp');
    expect(reason(() => verifyWebhook(headers, body, { publicKey: whpk }))).toBe('stale_timestamp');
    at(-(TOLERANCE_SECONDS + 1));
    expect(reason(() => verifyWebhook(headers, body, { secret, publicKey: whpk }))).toBe('stale_timestamp');
  });

  it('refuses missing or disagreeing headers and calls without a usable key', () => {
    const headers = delivery();
    const { 'webhook-signature': _s, 'Service-Webhook-Signature': _t, ...unsigned } = headers;
    expect(reason(() => verifyWebhook(unsigned, body, { secret }))).toBe('missing_headers');
    expect(
      reason(() =>
        verifyWebhook({ ...headers, 'webhook-timestamp': 'yesterday', 'Service-Webhook-Timestamp': 'yesterday' }, body, { secret }),
      ),
    ).toBe('missing_headers');
    expect(reason(() => verifyWebhook({ ...headers, 'Service-Webhook-Id': 'evt_other' }, body, { secret }))).toBe('header_mismatch');
    expect(reason(() => verifyWebhook(headers, body, {}))).toBe('no_key');
    expect(reason(() => verifyWebhook(headers, body, { publicKey: 'whpk_short' }))).toBe('bad_key');
  });
});
