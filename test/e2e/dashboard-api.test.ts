import { randomBytes } from 'node:crypto';
import { api, ENVELOPE_FIELDS } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { dashboard, latestCode, mailCountTo, signIn, stepUp } from '../support/dashboard';
import { addStaffMember } from '../../lib/dashboard/staff';
import { createSession } from '../../lib/dashboard/session';
import { setClock } from '../../lib/clock';
import { atTime } from '../support/clock';
import { lambdaContext } from '../support/handler-chain';
import { keyedProxyEvent } from '../../infra/local/proxy-event';
import { handler as getMe } from '../../functions/api/get-me';
import { availableVersions, CURRENT_VERSION } from '../../lib/versioning/versions';

const c = useStackDatabase();

function expectEnvelope(res: { status: number; body: any; headers: Headers }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(code);
  expect(res.body.type).toMatch(new RegExp(`/partner/errors#${code}$`));
  expect(res.body.request_id).toBe(res.headers.get('request-id'));
  expect(Object.keys(res.body).every((k) => ENVELOPE_FIELDS.includes(k))).toBe(true);
}

/** A fresh staff member of a partner, so tests never share one address's codes or send limit. */
async function staffSession(partnerId = c.partner_id): Promise<{ token: string; email: string }> {
  const email = `staff-${randomBytes(6).toString('hex')}@demo-partner.test`;
  await addStaffMember(partnerId, email);
  const token = await signIn(email);
  // A session signed in with a code is not stepped up; these tests make live changes.
  await stepUp(token, email);
  return { token, email };
}

describe('sign-in by e-mailed code', () => {
  // A fresh staff address: the seeded owners sign in through the pages and the browser tests, which may
  // run at the same time, and a new code replaces the previous one.
  it('signs staff in with the code from the outbox and answers with a bearer session', async () => {
    const email = `staff-${randomBytes(6).toString('hex')}@demo-partner.test`;
    await addStaffMember(c.partner_id, email);
    const start = await dashboard().post('/sign-in', { email: email.replace('staff', 'Staff').replace('demo', 'Demo') });
    expect(start.status).toBe(202);
    expect(start.body).toMatchObject({ object: 'sign_in', email });
    const code = await latestCode(email, 'sign-in code');
    expect(code).toMatch(/^\d{10}$/);
    const verified = await dashboard().post('/sign-in/verify', { email, code });
    expect(verified.status).toBe(201);
    expect(verified.body).toMatchObject({ object: 'dashboard_session', partner_id: c.partner_id, email, role: 'owner' });
    expect(verified.body.id).toMatch(/^sess_[0-9A-Za-z]{22}$/);
    expect(verified.body.token).toMatch(/^dss_[0-9A-Za-z]{43}$/);
    // A script's bearer session: 8 hours in all; not stepped up (only POST /step-up/verify steps a session up).
    expect(Date.parse(verified.body.expires_at) - Date.parse(verified.body.created_at)).toBe(8 * 3600 * 1000);
    expect(verified.body.stepped_up_until ?? null).toBeNull();
    expect((await dashboard(verified.body.token).get('/keys')).status).toBe(200);
    // The code is spent.
    expectEnvelope(await dashboard().post('/sign-in/verify', { email, code }), 400, 'invalid_request');
  });

  it('answers an unknown address exactly like a known one, and sends nothing', async () => {
    const res = await dashboard().post('/sign-in', { email: 'nobody@nowhere.test' });
    expect(res.status).toBe(202);
    expect(Object.keys(res.body).sort()).toEqual(['email', 'expires_at', 'object']);
    expect(await mailCountTo('nobody@nowhere.test')).toBe(0);
    expectEnvelope(await dashboard().post('/sign-in/verify', { email: 'nobody@nowhere.test', code: '1234567890' }), 400, 'invalid_request');
  });

  it('kills a code after three wrong tries', async () => {
    const email = `staff-${randomBytes(6).toString('hex')}@demo-partner.test`;
    await addStaffMember(c.partner_id, email);
    await dashboard().post('/sign-in', { email });
    const code = await latestCode(email, 'sign-in code');
    const wrong = code === '0000000000' ? '1111111111' : '0000000000';
    for (let i = 0; i < 3; i++) expect((await dashboard().post('/sign-in/verify', { email, code: wrong })).status).toBe(400);
    const res = await dashboard().post('/sign-in/verify', { email, code });
    expectEnvelope(res, 400, 'invalid_request');
    expect(res.body.errors[0].location).toBe('$.code');
  });

  it('refuses more than five codes per address in a day with rate_limit and Retry-After', async () => {
    const email = `staff-${randomBytes(6).toString('hex')}@demo-partner.test`;
    await addStaffMember(c.partner_id, email);
    for (let i = 0; i < 5; i++) expect((await dashboard().post('/sign-in', { email })).status).toBe(202);
    const res = await dashboard().post('/sign-in', { email });
    expectEnvelope(res, 429, 'rate_limit');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses a malformed address with the field named', async () => {
    const res = await dashboard().post('/sign-in', { email: 'not-an-address' });
    expectEnvelope(res, 400, 'invalid_request');
    expect(res.body.errors[0].location).toBe('$.email');
  });

  it('ends the session on sign-out', async () => {
    const { token } = await staffSession();
    expect((await dashboard(token).post('/sign-out')).status).toBe(200);
    expectEnvelope(await dashboard(token).get('/keys'), 401, 'api_key_invalid');
  });
});

describe('dashboard authentication', () => {
  it('refuses a request without a session', async () => {
    expectEnvelope(await dashboard().get('/keys'), 401, 'api_key_invalid');
  });

  it('refuses API keys: they are for the API, not for managing keys', async () => {
    const res = await dashboard(c.live_key).get('/keys');
    expectEnvelope(res, 401, 'api_key_invalid');
    expect(res.body.detail).toMatch(/API keys are not accepted/);
  });

  it('refuses an expired session', async () => {
    const restore = setClock(() => new Date(Date.now() - 13 * 3600 * 1000));
    const { token } = await createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test' });
    restore();
    expectEnvelope(await dashboard(token).get('/keys'), 401, 'api_key_invalid');
  });

  it('refuses a cookie-authenticated POST without the CSRF token, and accepts it with X-CSRF-Token', async () => {
    const { token, session } = await createSession({ partnerId: c.partner_id, email: 'owner@demo-partner.test' });
    const cookie = { Cookie: `dash_session=${token}` };
    const refused = await dashboard(undefined, cookie).post('/keys', { livemode: false, name: 'csrf-less' });
    expectEnvelope(refused, 400, 'invalid_request');
    expect(refused.body.errors[0].location).toBe('$.csrf_token');
    const listed = await dashboard(undefined, cookie).get('/keys');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((k: any) => k.name)).not.toContain('csrf-less');
    const accepted = await dashboard(undefined, { ...cookie, 'X-CSRF-Token': session.csrf_token }).post('/keys', {
      livemode: false,
      name: 'with csrf',
    });
    expect(accepted.status).toBe(201);
  });

  it('sends no-store and framing protections on every answer', async () => {
    const res = await dashboard().get('/keys');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('request-id')).toMatch(/^req_/);
  });
});

describe('API keys', () => {
  it('creates a key whose secret is shown once and whose settings the API enforces', async () => {
    const { token } = await staffSession();
    const res = await dashboard(token).post('/keys', {
      livemode: false,
      name: 'Reader',
      scopes: ['companies:read'],
      allowed_ips: ['127.0.0.1', '10.0.0.0/8'],
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      ['allowed_ips', 'created_at', 'expires_at', 'id', 'last_used_at', 'livemode', 'name', 'object', 'scopes', 'secret'].sort(),
    );
    expect(res.body).toMatchObject({
      object: 'api_key',
      livemode: false,
      name: 'Reader',
      scopes: ['companies:read'],
      expires_at: null,
      last_used_at: null,
    });
    expect(res.body.secret).toMatch(/^svc_test_[0-9A-Za-z]{32}$/);
    const key = res.body;

    expect((await api(key.secret).get('/me')).status).toBe(200);
    expectEnvelope(await api(key.secret).get('/products'), 403, 'insufficient_scope');

    const listed = (await dashboard(token).get('/keys')).body.items.find((k: any) => k.id === key.id);
    expect(listed).toMatchObject({ id: key.id, name: 'Reader', revoked_at: null });
    expect(listed.secret).toBeUndefined();
    expect(JSON.stringify(listed)).not.toContain(key.secret);
    expect(Date.parse(listed.last_used_at)).toBeGreaterThanOrEqual(Date.parse(key.created_at));
  });

  it('refuses an explicitly empty list of scopes instead of issuing a key that holds every scope', async () => {
    const { token } = await staffSession();
    const res = await dashboard(token).post('/keys', { livemode: false, name: 'no scopes', scopes: [] });
    expectEnvelope(res, 400, 'invalid_request');
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        location: '$.scopes',
        validation_type: 'minItems',
        how_to_fix: 'Send at least one scope, such as "scopes": ["companies:read"], or leave scopes out for a key that holds every scope.',
      }),
    ]);
    expect((await dashboard(token).get('/keys')).body.items.map((k: any) => k.name)).not.toContain('no scopes');
    // Left out, scopes still mean every scope.
    expect((await dashboard(token).post('/keys', { livemode: false })).body.scopes).toEqual(['*']);
  });

  it('an allow-list without the caller refuses the caller with ip_address_not_allowed', async () => {
    const { token } = await staffSession();
    const key = (await dashboard(token).post('/keys', { livemode: true, allowed_ips: ['203.0.113.0/24'] })).body;
    expectEnvelope(await api(key.secret).get('/me'), 403, 'ip_address_not_allowed');
  });

  it('a key past its expiry is refused with api_key_expired', async () => {
    const { token } = await staffSession();
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const key = (await dashboard(token).post('/keys', { livemode: false, expires_at: soon })).body;
    expect(key.expires_at).toBe(soon);
    // GET /me in this process, on the project's clock (lib/clock.ts) either side of the expiry.
    const me = keyedProxyEvent({ method: 'GET', path: '/v1/me', key: key.secret });
    expect((await atTime(Date.parse(soon) - 1, () => getMe(me, lambdaContext))).statusCode).toBe(200);
    const late = await atTime(Date.parse(soon), () => getMe(me, lambdaContext));
    expect(late.statusCode).toBe(401);
    expect(JSON.parse(late.body).code).toBe('api_key_expired');
  });

  it('revokes a key: it stops working at once', async () => {
    const { token } = await staffSession();
    const key = (await dashboard(token).post('/keys', { livemode: false })).body;
    expect((await api(key.secret).get('/me')).status).toBe(200);
    const revoked = await dashboard(token).post(`/keys/${key.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).not.toBeNull();
    expectEnvelope(await api(key.secret).get('/me'), 401, 'api_key_invalid');
  });

  it('refuses bad input field by field', async () => {
    const { token } = await staffSession();
    const res = await dashboard(token).post('/keys', {
      livemode: 'yes',
      scopes: ['companies:delete'],
      expires_at: '2020-01-01T00:00:00Z',
      allowed_ips: ['300.1.1.1/8'],
      extra: 1,
    });
    expectEnvelope(res, 400, 'invalid_request');
    const locations = res.body.errors.map((e: any) => e.location);
    expect(locations).toEqual(expect.arrayContaining(['$.livemode', '$.scopes[0]', '$.expires_at', '$.allowed_ips[0]', '$.extra']));
    expectEnvelope(await dashboard(token).post('/keys/not-a-key/revoke'), 400, 'invalid_request');
  });
});

describe('versions', () => {
  it('reads and sets the pinned default and the webhook version', async () => {
    const { token } = await staffSession(c.other_partner.partner_id);
    const read = await dashboard(token).get('/settings');
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ api_version: CURRENT_VERSION, webhook_version: CURRENT_VERSION, available_versions: availableVersions() });
    const oldest = availableVersions()[0];
    const saved = await dashboard(token).post('/settings', { api_version: oldest, webhook_version: oldest });
    expect(saved.body).toMatchObject({ api_version: oldest, webhook_version: oldest });
    expect((await api(c.other_partner.test_key).get('/me')).body.default_api_version).toBe(oldest);
    const refused = await dashboard(token).post('/settings', { api_version: '1999-01-01' });
    expectEnvelope(refused, 400, 'invalid_request');
    expect(refused.body.errors[0]).toMatchObject({ location: '$.api_version', validation_type: 'enum' });
  });
});

describe('webhook endpoints', () => {
  it('creates an endpoint showing the secret once, then reads it without secrets', async () => {
    const { token } = await staffSession();
    const res = await dashboard(token).post('/webhook-endpoints', {
      url: 'http://127.0.0.1:4999/hooks',
      livemode: false,
      enabled_events: ['company.created'],
      description: 'CI',
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(
      ['created_at', 'description', 'enabled_events', 'id', 'livemode', 'object', 'public_key', 'secret', 'status', 'url'].sort(),
    );
    expect(res.body).toMatchObject({
      object: 'webhook_endpoint',
      livemode: false,
      status: 'enabled',
      enabled_events: ['company.created'],
      description: 'CI',
    });
    expect(res.body.id).toMatch(/^we_[0-9A-Za-z]{22}$/);
    expect(res.body.secret).toMatch(/^whsec_/);
    expect(Buffer.from(res.body.public_key.slice(5), 'base64')).toHaveLength(32);

    const one = await dashboard(token).get(`/webhook-endpoints/${res.body.id}`);
    expect(one.body).toMatchObject({ id: res.body.id, status: 'enabled', disabled_reason: null, public_key: res.body.public_key });
    const list = await dashboard(token).get('/webhook-endpoints');
    expect(list.body.items.map((e: any) => e.id)).toContain(res.body.id);
    expect(list.text).not.toContain('whsec_');
    expect(list.text).not.toContain('ciphertext');
  });

  it('disables and re-enables an endpoint', async () => {
    const { token } = await staffSession();
    const { id } = (await dashboard(token).post('/webhook-endpoints', { url: 'http://localhost:4999/x', livemode: true })).body;
    expect((await dashboard(token).post(`/webhook-endpoints/${id}/disable`)).body).toMatchObject({
      status: 'disabled',
      disabled_reason: 'manual',
    });
    expect((await dashboard(token).get(`/webhook-endpoints/${id}`)).body).toMatchObject({ status: 'disabled', disabled_reason: 'manual' });
    expect((await dashboard(token).post(`/webhook-endpoints/${id}/enable`)).body).toMatchObject({
      status: 'enabled',
      disabled_reason: null,
    });
  });

  it('rolls the secret with the code e-mailed to the signed-in person', async () => {
    const { token, email } = await staffSession();
    const created = (await dashboard(token).post('/webhook-endpoints', { url: 'http://127.0.0.1:4999/roll', livemode: false })).body;
    const roll = await dashboard(token).post(`/webhook-endpoints/${created.id}/secret/roll`);
    expect(roll.status).toBe(202);
    expect(roll.body).toMatchObject({ email, webhook_endpoint: created.id });
    expectEnvelope(
      await dashboard(token).post(`/webhook-endpoints/${created.id}/secret/roll/confirm`, { code: '12345' }),
      400,
      'invalid_request',
    );
    const code = await latestCode(email, 'webhook secret');
    const confirmed = await dashboard(token).post(`/webhook-endpoints/${created.id}/secret/roll/confirm`, { code });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.secret).toMatch(/^whsec_/);
    expect(confirmed.body.secret).not.toBe(created.secret);
    // A roll never changes the v1a key: a receiver pinned to the public key keeps verifying.
    expect(confirmed.body.public_key).toBe(created.public_key);
    expect(Date.parse(confirmed.body.previous_secret_expires_at) - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect((await dashboard(token).get(`/webhook-endpoints/${created.id}`)).text).not.toContain('whsec_');
    // After a leak: roll again and retire the previous secret at once.
    await dashboard(token).post(`/webhook-endpoints/${created.id}/secret/roll`);
    const retired = await dashboard(token).post(`/webhook-endpoints/${created.id}/secret/roll/confirm`, {
      code: await latestCode(email, 'webhook secret', 1),
      retire_previous: true,
    });
    expect(retired.status).toBe(200);
    expect(retired.body.previous_secret_expires_at).toBeNull();
  });

  it.each([
    ['plain http in live mode', { url: 'http://93.184.215.14/hooks', livemode: true }],
    ['a private address', { url: 'https://10.1.2.3/hooks', livemode: true }],
    ['the metadata service', { url: 'http://169.254.169.254/latest', livemode: false }],
    ['not a URL', { url: 'hooks', livemode: false }],
  ])('refuses %s', async (_what, body) => {
    const { token } = await staffSession();
    const res = await dashboard(token).post('/webhook-endpoints', body);
    expectEnvelope(res, 400, 'invalid_request');
    expect(res.body.errors[0].location).toBe('$.url');
    expect(res.body.errors[0].how_to_fix).toBeTruthy();
  });
});

describe('isolation between partners', () => {
  it("a session of one partner can neither see nor change the other's keys and endpoints", async () => {
    const mine = await staffSession(c.partner_id);
    const theirs = await staffSession(c.other_partner.partner_id);
    const key = (await dashboard(mine.token).post('/keys', { livemode: false, name: 'mine' })).body;
    const endpoint = (await dashboard(mine.token).post('/webhook-endpoints', { url: 'http://127.0.0.1:4999/mine', livemode: false })).body;

    const theirKeys = await dashboard(theirs.token).get('/keys');
    expect(theirKeys.body.items.map((k: any) => k.id)).not.toContain(key.id);
    const theirEndpoints = await dashboard(theirs.token).get('/webhook-endpoints');
    expect(theirEndpoints.body.items.map((e: any) => e.id)).not.toContain(endpoint.id);

    expectEnvelope(await dashboard(theirs.token).post(`/keys/${key.id}/revoke`), 404, 'resource_missing');
    expectEnvelope(await dashboard(theirs.token).get(`/webhook-endpoints/${endpoint.id}`), 404, 'resource_missing');
    expectEnvelope(await dashboard(theirs.token).post(`/webhook-endpoints/${endpoint.id}/disable`), 404, 'resource_missing');
    expectEnvelope(await dashboard(theirs.token).post(`/webhook-endpoints/${endpoint.id}/secret/roll`), 404, 'resource_missing');

    expect((await api(key.secret).get('/me')).status).toBe(200);
    expect((await dashboard(mine.token).get(`/webhook-endpoints/${endpoint.id}`)).body.status).toBe('enabled');
  });

  it('the seeded sessions of credentials.json belong to their own partners', async () => {
    expect((await dashboard(c.dashboard_session).get('/settings')).status).toBe(200);
    const mine = await dashboard(c.dashboard_session).post('/keys', { livemode: false, name: 'seeded session' });
    expect((await api(mine.body.secret).get('/me')).body.partner_id).toBe(c.partner_id);
    const theirs = await dashboard(c.other_partner.dashboard_session).post('/keys', { livemode: false });
    expect((await api(theirs.body.secret).get('/me')).body.partner_id).toBe(c.other_partner.partner_id);
  });
});
