import { request } from 'node:http';
import { api, ENVELOPE_FIELDS } from '../support/http';
import { dashboard } from '../support/dashboard';
import { useStackDatabase } from '../support/stack';
import { issueApiKey } from '../../lib/auth/api-key';
import { CURRENT_VERSION } from '../../lib/versioning/versions';

const c = useStackDatabase();

function expectEnvelope(res: { status: number; body: any; headers: Headers }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body.code).toBe(code);
  expect(res.body.status).toBe(status);
  expect(res.body.type).toMatch(new RegExp(`/partner/errors#${code}$`));
  expect(typeof res.body.title).toBe('string');
  expect(res.body.request_id).toBe(res.headers.get('request-id'));
  expect(Object.keys(res.body).every((k) => ENVELOPE_FIELDS.includes(k))).toBe(true);
  expect(res.headers.get('service-version')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
}

describe('GET /me', () => {
  it('names the partner, the key and live mode for a live key', async () => {
    const res = await api(c.live_key).get('/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ object: 'caller', partner_id: c.partner_id, livemode: true, api_version: CURRENT_VERSION });
    expect(res.body.key_id).toMatch(/^key_[0-9A-Za-z]{22}$/);
    expect(res.body.scopes).toEqual(['*']);
  });

  it('reports sandbox mode (livemode false) for a test key', async () => {
    const res = await api(c.test_key).get('/me');
    expect(res.status).toBe(200);
    expect(res.body.livemode).toBe(false);
    expect(res.body.partner_id).toBe(c.partner_id);
  });

  it("a test key never sees the live key's identity, and the other partner sees only itself", async () => {
    const live = await api(c.live_key).get('/me');
    const test = await api(c.test_key).get('/me');
    const other = await api(c.other_partner.live_key).get('/me');
    expect(test.body.key_id).not.toBe(live.body.key_id);
    expect(other.body.partner_id).toBe(c.other_partner.partner_id);
  });
});

describe('GET /products', () => {
  it('lists the catalog with wholesale prices in cents and the formation turnaround option', async () => {
    const res = await api(c.test_key).get('/products');
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('list');
    const formation = res.body.items.find((p: any) => p.key === 'formation');
    expect(formation.options.turnaround.values).toEqual(['standard', 'expedited']);
    expect(Number.isInteger(formation.unit_amount)).toBe(true);
    const agent = res.body.items.find((p: any) => p.key === 'registered_agent');
    expect(agent.mandatory_for).toEqual(['formation', 'pre_existing']);
  });
});

describe('authentication errors', () => {
  it('refuses a missing key with api_key_invalid (401)', async () => {
    expectEnvelope(await api().get('/me'), 401, 'api_key_invalid');
  });

  it('refuses a malformed and an unknown key with api_key_invalid', async () => {
    expectEnvelope(await api('not-a-key').get('/me'), 401, 'api_key_invalid');
    expectEnvelope(await api('svc_live_' + 'x'.repeat(32)).get('/me'), 401, 'api_key_invalid');
    expectEnvelope(await api(c.live_key, { Authorization: `Basic ${c.live_key}` }).get('/me'), 401, 'api_key_invalid');
  });

  it('refuses two Authorization headers with api_key_invalid, on the API and the dashboard: which credential to use would be a guess', async () => {
    const twice = (url: string, values: string[]) =>
      new Promise<{ status: number; body: any }>((resolve, reject) => {
        // Two header lines, as a proxy adding its own would send them (fetch would join them in one).
        const raw = ['Host', new URL(url).host, ...values.flatMap((v) => ['Authorization', v])];
        const req = request(url, { headers: raw }, (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const [url, values] of [
      [`${c.base_url}/me`, [`Bearer ${c.test_key}`, `Bearer ${c.live_key}`]],
      [`${c.base_url}/me`, [`Bearer ${c.test_key}`, `Bearer ${c.test_key}`]],
      [`${c.dashboard_url}/api/keys`, [`Bearer ${c.dashboard_session}`, `Bearer ${c.other_partner.dashboard_session}`]],
    ] as const) {
      const res = await twice(url, [...values]);
      expect([url, res.status, res.body?.code, res.body?.detail]).toEqual([
        url,
        401,
        'api_key_invalid',
        expect.stringContaining('Send exactly one'),
      ]);
    }
    expect((await api(c.test_key).get('/me')).status).toBe(200);
  });

  // Revoked in the dashboard of the same process (npm start): refused on the very next request. A
  // revocation written behind a process's back waits out KEY_CACHE_MS (test/integration/key-cache.test.ts).
  it('refuses a revoked key with api_key_invalid', async () => {
    const { secret, record } = await issueApiKey({ partnerId: c.partner_id, mode: 'test' });
    expect((await api(secret).get('/me')).status).toBe(200);
    expect((await dashboard(c.dashboard_session).post(`/keys/${record.id}/revoke`)).status).toBe(200);
    expectEnvelope(await api(secret).get('/me'), 401, 'api_key_invalid');
  });

  it('refuses an expired key with api_key_expired', async () => {
    const { secret } = await issueApiKey({ partnerId: c.partner_id, mode: 'live', expiresAt: '2020-01-01T00:00:00.000Z' });
    expectEnvelope(await api(secret).get('/me'), 401, 'api_key_expired');
  });

  it('refuses a key without the route scope with insufficient_scope (403)', async () => {
    const { secret } = await issueApiKey({ partnerId: c.partner_id, mode: 'live', scopes: ['companies:read'] });
    expect((await api(secret).get('/me')).status).toBe(200);
    expectEnvelope(await api(secret).get('/products'), 403, 'insufficient_scope');
  });

  it('accepts a key whose write scope covers the read it needs', async () => {
    const { secret } = await issueApiKey({ partnerId: c.partner_id, mode: 'live', scopes: ['orders:write'] });
    expect((await api(secret).get('/products')).status).toBe(200);
  });

  it('refuses a request from outside the allow-list with ip_address_not_allowed (403)', async () => {
    const outside = await issueApiKey({ partnerId: c.partner_id, mode: 'live', allowedIps: ['203.0.113.0/24'] });
    expectEnvelope(await api(outside.secret).get('/me'), 403, 'ip_address_not_allowed');
    const inside = await issueApiKey({ partnerId: c.partner_id, mode: 'live', allowedIps: ['127.0.0.0/8', '::1/128'] });
    expect((await api(inside.secret).get('/me')).status).toBe(200);
  });
});

describe('versioning', () => {
  it('echoes the partner default when no version is asked for', async () => {
    const res = await api(c.live_key).get('/me');
    expect(res.headers.get('service-version')).toBe(CURRENT_VERSION);
  });

  it('runs a pinned version and echoes it', async () => {
    const res = await api(c.live_key).get('/me', { 'Service-Version': CURRENT_VERSION });
    expect(res.status).toBe(200);
    expect(res.headers.get('service-version')).toBe(CURRENT_VERSION);
    expect(res.body.api_version).toBe(CURRENT_VERSION);
  });

  it.each(['2019-01-01', 'latest', '2026-13-45', ''])('refuses the unusable version %p with invalid_api_version (400)', async (v) => {
    const res = await api(c.live_key).get('/me', { 'Service-Version': v });
    expectEnvelope(res, 400, 'invalid_api_version');
    expect(res.body.errors[0].how_to_fix).toContain(CURRENT_VERSION);
  });

  it('echoes Service-Version on errors too', async () => {
    const res = await api().get('/me', { 'Service-Version': CURRENT_VERSION });
    expect(res.status).toBe(401);
    expect(res.headers.get('service-version')).toBe(CURRENT_VERSION);
  });
});

describe('routing errors', () => {
  it('answers an unknown path with resource_missing (404)', async () => {
    expectEnvelope(await api(c.live_key).get('/no-such-thing'), 404, 'resource_missing');
  });

  it('answers a known path with another method with method_not_allowed (405) and Allow', async () => {
    const res = await api(c.live_key).delete('/me');
    expectEnvelope(res, 405, 'method_not_allowed');
    expect(res.headers.get('allow')).toBe('GET');
  });

  it('answers another method on the keyless OpenAPI document with 405 and Allow, with or without a key', async () => {
    for (const key of [undefined, c.live_key]) {
      const res = await api(key).post('/openapi.json', {});
      expectEnvelope(res, 405, 'method_not_allowed');
      expect(res.headers.get('allow')).toBe('GET');
    }
    // Its neighbours still ask for a key first: what exists under /v1 is not told to a caller without one.
    expectEnvelope(await api().delete('/me'), 401, 'api_key_invalid');
    expectEnvelope(await api().get('/openapi.json/more'), 401, 'api_key_invalid');
  });

  it('refuses unknown query parameters with invalid_request naming the parameter', async () => {
    const res = await api(c.live_key).get('/me?limit=5');
    expectEnvelope(res, 400, 'invalid_request');
    expect(res.body.errors[0]).toMatchObject({ location: '$.limit', validation_type: 'additionalProperties' });
  });
});

describe('rate limiting', () => {
  const policy = (burst: number, sustained: number) => `"burst";q=${burst};w=1, "sustained";q=${sustained};w=60`;

  it('carries the four RateLimit headers on a success', async () => {
    const { secret } = await issueApiKey({ partnerId: c.partner_id, mode: 'test', rateLimit: { burst: 30, sustained: 120 } });
    const res = await api(secret).get('/me');
    expect(res.headers.get('ratelimit-policy')).toBe(policy(30, 120));
    expect(Number(res.headers.get('ratelimit-limit'))).toBeGreaterThan(0);
    expect(Number(res.headers.get('ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
    expect(Number(res.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
  });

  it('refuses past the burst with 429 rate_limit, Retry-After and a detail naming the policy', async () => {
    const { secret } = await issueApiKey({ partnerId: c.partner_id, mode: 'test', rateLimit: { burst: 3, sustained: 1000 } });
    const results = await Promise.all(Array.from({ length: 12 }, () => api(secret).get('/me')));
    const refused = results.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    const r = refused[0];
    expectEnvelope(r, 429, 'rate_limit');
    expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(r.body.detail).toMatch(/burst/i);
    expect(r.headers.get('ratelimit-remaining')).toBe('0');
    expect(r.headers.get('ratelimit-policy')).toBe(policy(3, 1000));
  });

  it('refuses past the sustained window with a detail naming it, while other keys are unaffected', async () => {
    const { secret } = await issueApiKey({ partnerId: c.partner_id, mode: 'test', rateLimit: { burst: 1000, sustained: 4 } });
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await api(secret).get('/me'));
    const refused = results.filter((r) => r.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].body.detail).toMatch(/sustained/i);
    expect(Number(refused[0].headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await api(c.test_key).get('/me')).status).toBe(200);
  });
});

describe('keyless routes', () => {
  it('serves the error reference that envelopes link to', async () => {
    const base = new URL(c.base_url).origin;
    const res = await fetch(`${base}/docs/partner/errors`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('id="rate_limit"');
  });
});
