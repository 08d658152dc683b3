import { createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { newSigningKeyPair, newSigningSecret } from '../../lib/webhooks/endpoints/key-material';

describe('webhook key material', () => {
  it('makes whsec_ secrets the Standard Webhooks library accepts', () => {
    const secret = newSigningSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const wh = new Webhook(secret);
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)) };
    const signature = wh.sign(headers['webhook-id'], new Date(Number(headers['webhook-timestamp']) * 1000), '{"a":1}');
    expect(wh.verify('{"a":1}', { ...headers, 'webhook-signature': signature })).toEqual({ a: 1 });
  });

  it('publishes the raw ed25519 public key that verifies what the private key signs', () => {
    const { publicKey, privateKeyPkcs8 } = newSigningKeyPair();
    expect(publicKey).toMatch(/^whpk_/);
    const raw = Buffer.from(publicKey.slice(5), 'base64');
    expect(raw).toHaveLength(32);
    const privateKey = createPrivateKey({ key: Buffer.from(privateKeyPkcs8, 'base64'), format: 'der', type: 'pkcs8' });
    const signature = sign(null, Buffer.from('evt_1.1700000000.{}'), privateKey);
    const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), raw]);
    expect(verify(null, Buffer.from('evt_1.1700000000.{}'), createPublicKey({ key: spki, format: 'der', type: 'spki' }), signature)).toBe(
      true,
    );
  });
});
