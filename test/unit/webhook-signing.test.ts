import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { signatureHeaders, signV1 } from '../../lib/webhooks/signing';
import { verifyWebhook, WebhookVerificationError } from '../../lib/webhooks/verify';

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const whpk = `whpk_${Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64')}`;
const body = JSON.stringify({ object: 'event', id: 'evt_1234567890123456789012', type: 'company.created' });
const now = Math.floor(Date.now() / 1000);

describe('signing a delivery (spec, Signing)', () => {
  it('carries the same id, timestamp and signature under both header sets', () => {
    const h = signatureHeaders({ secrets: [newSecret()], privateKeys: [privateKey] }, 'evt_1', now, body);
    expect(h['Service-Webhook-Id']).toBe('evt_1');
    expect(h['webhook-id']).toBe('evt_1');
    expect(h['webhook-timestamp']).toBe(String(now));
    expect(h['Service-Webhook-Timestamp']).toBe(h['webhook-timestamp']);
    expect(h['Service-Webhook-Signature']).toBe(h['webhook-signature']);
    expect(h['webhook-signature'].split(' ').map((s) => s.split(',')[0])).toEqual(['v1', 'v1a']);
  });

  it('signs v1 with every secret during a roll overlap, and standardwebhooks accepts either', () => {
    const [fresh, old] = [newSecret(), newSecret()];
    const h = signatureHeaders({ secrets: [fresh, old], privateKeys: [privateKey] }, 'evt_1', now, body);
    expect(h['webhook-signature'].split(' ').filter((s) => s.startsWith('v1,'))).toHaveLength(2);
    expect(new Webhook(fresh).verify(body, h)).toEqual(JSON.parse(body));
    expect(new Webhook(old).verify(body, h)).toEqual(JSON.parse(body));
  });

  it('an endpoint without a keypair signs v1 only', () => {
    const h = signatureHeaders({ secrets: [newSecret()] }, 'evt_1', now, body);
    expect(h['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
  });

  it('a retry gets a fresh timestamp and so a fresh signature', () => {
    const secret = newSecret();
    expect(signV1(secret, 'evt_1', now, body)).not.toBe(signV1(secret, 'evt_1', now + 5, body));
  });
});

describe('verifyWebhook (receivers)', () => {
  const secret = newSecret();
  const h = signatureHeaders({ secrets: [secret], privateKeys: [privateKey] }, 'evt_1', now, body);

  it('accepts v1 with the secret and v1a with the public key', () => {
    expect(verifyWebhook(body, h, { secret })).toEqual(JSON.parse(body));
    expect(verifyWebhook(body, h, { publicKey: whpk })).toEqual(JSON.parse(body));
  });

  it('rejects a timestamp more than five minutes away', () => {
    expect(() => verifyWebhook(body, h, { secret, nowSeconds: now + 301 })).toThrow(new WebhookVerificationError('stale_timestamp'));
  });

  it('rejects a changed body, a wrong secret and a wrong public key', () => {
    const other = generateKeyPairSync('ed25519').publicKey;
    const otherPk = `whpk_${Buffer.from(other.export({ format: 'jwk' }).x!, 'base64url').toString('base64')}`;
    expect(() => verifyWebhook(body + ' ', h, { secret })).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(body, h, { secret: newSecret() })).toThrow(WebhookVerificationError);
    expect(() => verifyWebhook(body, h, { publicKey: otherPk })).toThrow(WebhookVerificationError);
  });

  it('rejects a delivery without the headers', () => {
    expect(() => verifyWebhook(body, {}, { secret })).toThrow(new WebhookVerificationError('missing_headers'));
  });
});
