import { useStackDatabase } from '../support/stack';
import { setClock } from '../../lib/clock';
import { confirmRoll, rollSecret, webhookEndpoints, SECRET_OVERLAP_MS, viewOfEndpoint } from '../../lib/webhooks/endpoints';
import { endpointSigningKeys } from '../../lib/webhooks/delivery/endpoint-signing-keys';
import { signatureHeaders } from '../../lib/webhooks/signing';
import { verifyWebhook } from '../../lib/webhooks/verify';

const c = useStackDatabase();
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR;

describe('the webhook endpoint store', () => {
  it('creates an enabled endpoint whose secret is stored only encrypted', async () => {
    const { endpoint, secret } = await webhookEndpoints.create({
      partnerId: c.partner_id,
      mode: 'test',
      url: 'http://127.0.0.1:9/a',
      enabledEvents: ['company.created'],
      description: 'store test',
    });
    expect(endpoint.id).toMatch(/^we_[0-9A-Za-z]{22}$/);
    expect(secret).toMatch(/^whsec_/);
    const stored = await webhookEndpoints.get(c.partner_id, endpoint.id);
    expect(stored).toMatchObject({ status: 'enabled', mode: 'test', enabled_events: ['company.created'], partner_id: c.partner_id });
    expect(JSON.stringify(stored)).not.toContain(secret.slice(6));
    expect(await webhookEndpoints.activeSigningSecrets(stored!)).toEqual([secret]);
    expect(JSON.stringify(viewOfEndpoint(stored!))).not.toMatch(/ciphertext|whsec_/);
  });

  it('refuses a secret or private key copied onto another endpoint: each ciphertext is sealed for its own record', async () => {
    const make = (url: string) => webhookEndpoints.create({ partnerId: c.partner_id, mode: 'test', url });
    const [{ endpoint: a }, { endpoint: b }] = await Promise.all([
      make('http://127.0.0.1:9/sealed-a'),
      make('http://127.0.0.1:9/sealed-b'),
    ]);
    const [storedA, storedB] = await Promise.all([webhookEndpoints.get(c.partner_id, a.id), webhookEndpoints.get(c.partner_id, b.id)]);
    // The signer has opened a's material already: its cache must not hand it to b.
    await endpointSigningKeys(storedA!, Date.now());
    const copied = { ...storedB!, secrets: storedA!.secrets, signing_key_ciphertext: storedA!.signing_key_ciphertext };
    await expect(webhookEndpoints.activeSigningSecrets(copied)).rejects.toThrow();
    await expect(webhookEndpoints.signingPrivateKey(copied)).rejects.toThrow();
    await expect(endpointSigningKeys(copied, Date.now())).rejects.toThrow();
    await expect(endpointSigningKeys({ ...storedA!, mode: 'live' }, Date.now())).rejects.toThrow();
    // Each endpoint's own material still opens.
    expect(await webhookEndpoints.activeSigningSecrets(storedB!)).toHaveLength(1);
    expect((await endpointSigningKeys(storedB!, Date.now())).privateKeys).toHaveLength(1);
  });

  it('never finds an endpoint through another partner', async () => {
    const { endpoint } = await webhookEndpoints.create({ partnerId: c.partner_id, mode: 'live', url: 'http://127.0.0.1:9/b' });
    expect(await webhookEndpoints.get(c.other_partner.partner_id, endpoint.id)).toBeUndefined();
    expect((await webhookEndpoints.listOfPartner(c.other_partner.partner_id)).map((e) => e.id)).not.toContain(endpoint.id);
    expect(await webhookEndpoints.disable(c.other_partner.partner_id, endpoint.id, 'manual')).toBeUndefined();
    expect((await webhookEndpoints.get(c.partner_id, endpoint.id))!.status).toBe('enabled');
  });

  it('lists by mode and offers only enabled endpoints to the fan-out', async () => {
    const { endpoint: a } = await webhookEndpoints.create({ partnerId: c.partner_id, mode: 'live', url: 'http://127.0.0.1:9/c' });
    const { endpoint: b } = await webhookEndpoints.create({ partnerId: c.partner_id, mode: 'live', url: 'http://127.0.0.1:9/d' });
    await webhookEndpoints.disable(c.partner_id, b.id, 'gone');
    const live = await webhookEndpoints.listOfPartner(c.partner_id, 'live');
    expect(live.every((e) => e.mode === 'live')).toBe(true);
    expect(live.map((e) => e.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    const fanOut = (await webhookEndpoints.enabledFor(c.partner_id, 'live')).map((e) => e.id);
    expect(fanOut).toContain(a.id);
    expect(fanOut).not.toContain(b.id);
    expect(await webhookEndpoints.get(c.partner_id, b.id)).toMatchObject({ status: 'disabled', disabled_reason: 'gone' });
    const later = setClock(() => new Date(Date.now() + 3600 * 1000));
    const enabled = await webhookEndpoints.enable(c.partner_id, b.id);
    later();
    expect(enabled).toMatchObject({ status: 'enabled' });
    expect(enabled!.disabled_reason).toBeUndefined();
    expect(enabled!.enabled_at > b.enabled_at).toBe(true);
    // Enabling an enabled endpoint changes nothing: no gap to fill.
    expect((await webhookEndpoints.enable(c.partner_id, b.id))!.enabled_at).toBe(enabled!.enabled_at);
    expect(await webhookEndpoints.enable(c.other_partner.partner_id, b.id)).toBeUndefined();
  });

  it('rolls the secret with the one-time code; the old one signs until the overlap ends', async () => {
    const { endpoint, secret: first } = await webhookEndpoints.create({
      partnerId: c.partner_id,
      mode: 'test',
      url: 'http://127.0.0.1:9/e',
    });
    const { code } = await rollSecret(c.partner_id, endpoint.id);
    const { secret: second, endpoint: rolled } = await confirmRoll(c.partner_id, endpoint.id, code);
    expect(second).not.toBe(first);
    const stored = (await webhookEndpoints.get(c.partner_id, endpoint.id))!;
    // A roll never changes the v1a key (the spec: "rotations never affect it").
    expect(stored.public_key).toBe(endpoint.public_key);
    expect(stored.signing_key_ciphertext).toBe(endpoint.signing_key_ciphertext);
    expect(await webhookEndpoints.activeSigningSecrets(stored)).toEqual([second, first]);
    const afterOverlap = new Date(Date.parse(rolled.secrets[1].expires_at!) + 1);
    expect(Date.parse(rolled.secrets[1].expires_at!) - Date.parse(rolled.secrets[0].created_at)).toBe(SECRET_OVERLAP_MS);
    expect(await webhookEndpoints.activeSigningSecrets(stored, afterOverlap)).toEqual([second]);
    // The code is spent.
    await expect(confirmRoll(c.partner_id, endpoint.id, code)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('replaces the v1a key on its own: both old and new keys sign during the overlap, only the new one after it; the secret is untouched', async () => {
    const { endpoint, secret: first } = await webhookEndpoints.create({
      partnerId: c.partner_id,
      mode: 'test',
      url: 'http://127.0.0.1:9/k',
    });
    const { code } = await rollSecret(c.partner_id, endpoint.id);
    const { secret: second } = await confirmRoll(c.partner_id, endpoint.id, code);
    const replaced = await webhookEndpoints.replaceSigningKey(c.partner_id, endpoint.id);
    const stored = (await webhookEndpoints.get(c.partner_id, endpoint.id))!;
    expect(replaced.public_key).toBe(stored.public_key);
    expect(stored.public_key).not.toBe(endpoint.public_key);
    expect(await webhookEndpoints.activeSigningSecrets(stored)).toEqual([second, first]);
    expect(Date.parse(stored.previous_signing_keys![0].expires_at) - Date.now()).toBeGreaterThan(SECRET_OVERLAP_MS - 60_000);
    const signedAt = (ms: number) => endpointSigningKeys(stored, ms);
    const body = '{"id":"evt_1"}';
    const nowSeconds = Math.floor(Date.now() / 1000);
    const headersAt = async (ms: number) => signatureHeaders(await signedAt(ms), 'evt_1', nowSeconds, body);
    const verifies = (headers: Record<string, string>, key: { secret?: string; publicKey?: string }) => {
      try {
        verifyWebhook(body, headers, { ...key, nowSeconds });
        return true;
      } catch {
        return false;
      }
    };
    const during = await headersAt(Date.now());
    expect([first, second].map((secret) => verifies(during, { secret }))).toEqual([true, true]);
    expect([endpoint.public_key, stored.public_key].map((publicKey) => verifies(during, { publicKey }))).toEqual([true, true]);
    const after = await headersAt(Date.now() + SECRET_OVERLAP_MS + 1000);
    expect([first, second].map((secret) => verifies(after, { secret }))).toEqual([false, true]);
    expect([endpoint.public_key, stored.public_key].map((publicKey) => verifies(after, { publicKey }))).toEqual([false, true]);
  });

  it('retires the previous secret at once when asked (a leak): the next signature carries only the new secret, and the same v1a key', async () => {
    const { endpoint, secret: first } = await webhookEndpoints.create({
      partnerId: c.partner_id,
      mode: 'test',
      url: 'http://127.0.0.1:9/r',
    });
    const roll1 = await rollSecret(c.partner_id, endpoint.id);
    const { secret: second } = await confirmRoll(c.partner_id, endpoint.id, roll1.code);
    const roll2 = await rollSecret(c.partner_id, endpoint.id);
    const { secret: third } = await confirmRoll(c.partner_id, endpoint.id, roll2.code, { retirePrevious: true });
    const stored = (await webhookEndpoints.get(c.partner_id, endpoint.id))!;
    expect(await webhookEndpoints.activeSigningSecrets(stored)).toEqual([third]);
    expect(stored.previous_signing_keys).toEqual([]);
    const keys = await endpointSigningKeys(stored, Date.now());
    expect(keys.secrets).toEqual([third]);
    expect(keys.privateKeys).toHaveLength(1);
    expect(stored.public_key).toBe(endpoint.public_key);
    expect([first, second]).not.toContain(third);
  });

  it('kills a roll code after five wrong tries, even if the right code follows', async () => {
    const { endpoint } = await webhookEndpoints.create({ partnerId: c.partner_id, mode: 'test', url: 'http://127.0.0.1:9/f' });
    const { code } = await rollSecret(c.partner_id, endpoint.id);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await expect(confirmRoll(c.partner_id, endpoint.id, wrong)).rejects.toMatchObject({ code: 'invalid_request' });
    await expect(confirmRoll(c.partner_id, endpoint.id, code)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('refuses an expired roll code', async () => {
    const { endpoint } = await webhookEndpoints.create({ partnerId: c.partner_id, mode: 'test', url: 'http://127.0.0.1:9/g' });
    const restore = setClock(() => new Date(Date.now() - 11 * 60 * 1000));
    const { code } = await rollSecret(c.partner_id, endpoint.id);
    restore();
    await expect(confirmRoll(c.partner_id, endpoint.id, code)).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it('refuses a sixth roll code within fifteen minutes with rate_limit', async () => {
    const { endpoint } = await webhookEndpoints.create({ partnerId: c.partner_id, mode: 'test', url: 'http://127.0.0.1:9/h' });
    for (let i = 0; i < 5; i++) await rollSecret(c.partner_id, endpoint.id);
    await expect(rollSecret(c.partner_id, endpoint.id)).rejects.toMatchObject({ code: 'rate_limit' });
    const later = setClock(() => new Date(Date.now() + 16 * 60 * 1000));
    await expect(rollSecret(c.partner_id, endpoint.id)).resolves.toHaveProperty('code');
    later();
  });
});
