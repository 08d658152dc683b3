import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { api, type HttpResult } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { sessionFor } from '../support/dashboard';
import { createPartner } from '../../lib/partners/partner';
import { eventually, WAIT_MS, startReceiver } from '../support/webhooks';
import { verifyWebhook } from '../../lib/webhooks/verify';

/**
 * The v1a key (the spec's Signing: "rotations never affect it"): a secret roll never
 * changes an endpoint's `public_key`; replacing the ed25519 key is its own act,
 * `POST /dashboard/api/webhook-endpoints/{id}/signing-key/replace` (owner, stepped up, audited), after
 * which a real delivery carries v1a signatures of both keys for 24 hours. And the reference says so.
 */
const c = useStackDatabase();
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR;
jest.setTimeout(120_000);

let partnerId = '';
const face =
  (token: string) =>
  (method: string, path: string, body?: unknown): Promise<HttpResult> =>
    api(undefined, { Authorization: `Bearer ${token}` }).send(method, `${c.dashboard_url}/api${path}`, body);

beforeAll(async () => {
  partnerId = (await createPartner({ name: 'Signing key e2e', ownerEmail: 'owner@signing-key.test' })).id;
});

it('replaces the key for an owner who stepped up, audited; both keys sign a real delivery; the secret stays', async () => {
  const owner = face((await sessionFor(partnerId)).token);
  const r = await startReceiver();
  try {
    const created = (await owner('POST', '/webhook-endpoints', { url: r.url, livemode: false })).body;
    const replaced = await owner('POST', `/webhook-endpoints/${created.id}/signing-key/replace`);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id: created.id, previous_public_key: created.public_key });
    expect(replaced.body.public_key).toMatch(/^whpk_/);
    expect(replaced.body.public_key).not.toBe(created.public_key);
    const overlap = Date.parse(replaced.body.previous_public_key_expires_at) - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
    expect(replaced.text).not.toContain('whsec_');
    expect((await owner('GET', `/webhook-endpoints/${created.id}`)).body.public_key).toBe(replaced.body.public_key);

    expect((await owner('POST', `/webhook-endpoints/${created.id}/test`)).status).toBe(202);
    const [delivery] = await eventually(() => r.deliveries.length >= 1 && r.deliveries, WAIT_MS, 'the test delivery');
    const v1a = String(delivery.headers['webhook-signature'])
      .split(' ')
      .filter((s) => s.startsWith('v1a,'));
    expect(v1a).toHaveLength(2);
    for (const publicKey of [created.public_key, replaced.body.public_key])
      expect(verifyWebhook(delivery.body, delivery.headers as Record<string, string>, { publicKey })).toMatchObject({
        type: 'webhook_endpoint.test',
      });
    // The secret did not change: the standard library verifies v1 with the one shown at creation.
    expect(() => new Webhook(created.secret).verify(delivery.body, delivery.headers as Record<string, string>)).not.toThrow();

    const audit = await owner('GET', '/audit?action=webhook_endpoint.signing_key_rotated');
    expect(audit.status).toBe(200);
    expect(audit.body.items).toEqual([expect.objectContaining({ action: 'webhook_endpoint.signing_key_rotated', target: created.id })]);
  } finally {
    await r.close();
  }
});

it('refuses a developer (insufficient_scope) and an owner not stepped up (step_up_required), and changes nothing', async () => {
  const owner = face((await sessionFor(partnerId)).token);
  const created = (await owner('POST', '/webhook-endpoints', { url: 'http://127.0.0.1:9/key', livemode: false })).body;
  const developer = face((await sessionFor(partnerId, { role: 'developer' })).token);
  const notSteppedUp = face((await sessionFor(partnerId, { steppedUp: false })).token);
  const byDeveloper = await developer('POST', `/webhook-endpoints/${created.id}/signing-key/replace`);
  expect([byDeveloper.status, byDeveloper.body.code]).toEqual([403, 'insufficient_scope']);
  const byOwner = await notSteppedUp('POST', `/webhook-endpoints/${created.id}/signing-key/replace`);
  expect([byOwner.status, byOwner.body.code]).toEqual([403, 'step_up_required']);
  expect((await owner('GET', `/webhook-endpoints/${created.id}`)).body.public_key).toBe(created.public_key);
});

it('the reference says a roll keeps the key and the replace is its own act', () => {
  const guide = readFileSync(join(__dirname, '..', '..', 'docs', 'guide', 'webhooks.md'), 'utf8').replace(/\s+/g, ' ');
  expect(guide).toContain('A secret roll never changes the endpoint’s `public_key`');
  expect(guide).toContain('`POST /dashboard/api/webhook-endpoints/{id}/signing-key/replace`');
  const security = readFileSync(join(__dirname, '..', '..', 'docs', 'guide', 'security.md'), 'utf8');
  expect(security).not.toMatch(/roll them together/);
});
