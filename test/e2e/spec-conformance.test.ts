import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc } from '../support/companies';

/**
 * The spec read from outside, to the letter: behaviours an external checker written from
 * the contract (the OpenAPI document, docs/api.md) would assert, each found wrong once by the conformance audit.
 */
const c = useStackDatabase();

describe('errors[] entries name the schema keyword that failed (spec Errors)', () => {
  it('a value of the wrong type is validation_type "type", not "required"', async () => {
    const res = await api(c.test_key).post(
      '/companies',
      anLlc({ name: 42, account: { first_name: 'Ada', last_name: 'Lovelace', email: 7 } }),
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          location: '$.name',
          validation_type: 'type',
          how_to_fix: 'Send name as a string of 1 to 255 characters matching ^[A-Za-z0-9 &-]+$, such as "name": "Acme Widgets".',
        }),
        expect.objectContaining({ location: '$.account.email', validation_type: 'type' }),
      ]),
    );
  });

  it('a missing field is still validation_type "required"', async () => {
    const { name: _omitted, ...body } = anLlc();
    const res = await api(c.test_key).post('/companies', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({
        location: '$.name',
        validation_type: 'required',
        how_to_fix: 'Send name: a string of 1 to 255 characters matching ^[A-Za-z0-9 &-]+$, such as "name": "Acme Widgets".',
      }),
    ]);
  });

  it('a query parameter of the wrong shape is "type" too', async () => {
    const res = await api(c.test_key).get('/events?limit=abc');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].location).toBe('$.limit');
    expect(res.body.errors[0].validation_type).toBe('type');
  });
});

describe('errors[] of tagged bodies, record keys and integers carry a keyword and a fix', () => {
  it('a sandbox requirement with an unknown type is enum, with a missing type required, each with the types to use', async () => {
    const company = (await api(c.test_key).post('/companies', anLlc())).body;
    const unknown = await api(c.test_key).post(`/sandbox/companies/${company.id}/requirements`, { type: 'bogus' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      expect.objectContaining({ location: '$.type', validation_type: 'enum', how_to_fix: expect.stringContaining('information') }),
    ]);
    const missing = await api(c.test_key).post(`/sandbox/companies/${company.id}/requirements`, {});
    expect(missing.body.errors).toEqual([
      expect.objectContaining({ location: '$.type', validation_type: 'required', how_to_fix: expect.stringContaining('signature') }),
    ]);
  });

  it('a metadata key over 40 characters is propertyNames with a fix', async () => {
    const key = 'k'.repeat(41);
    const res = await api(c.test_key).post('/companies', anLlc({ metadata: { [key]: 'v' } }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ location: `$.metadata.${key}`, validation_type: 'propertyNames', how_to_fix: expect.stringMatching(/40/) }),
    ]);
  });

  it('a fractional limit names the JSON Schema type integer', async () => {
    const res = await api(c.test_key).get('/events?limit=1.5');
    expect(res.body.errors[0]).toMatchObject({
      location: '$.limit',
      validation_type: 'type',
      how_to_fix: 'Send limit as an integer from 1 to 100, such as limit=25.',
    });
  });
});

describe('Authorization: Bearer <API_KEY> (spec Authentication 1)', () => {
  it('takes the scheme name in any case, as HTTP defines it (RFC 9110 §11.1)', async () => {
    for (const scheme of ['bearer', 'BEARER', 'Bearer']) {
      const res = await api(undefined, { Authorization: `${scheme} ${c.test_key}` }).get('/me');
      expect(res.status).toBe(200);
      expect(res.body.livemode).toBe(false);
    }
  });

  it('still refuses another scheme and a bare key with api_key_invalid', async () => {
    expect((await api(undefined, { Authorization: `Basic ${c.test_key}` }).get('/me')).body.code).toBe('api_key_invalid');
    expect((await api(undefined, { Authorization: c.test_key }).get('/me')).body.code).toBe('api_key_invalid');
  });
});

describe('invoice identifiers are opaque strings (spec Conventions)', () => {
  it.each(['in_unknown', 'inv_123', 'does-not-exist', 'in_0000000000000000000000'])(
    'an unknown invoice id %p is resource_missing (404), never a pattern refusal',
    async (id) => {
      const res = await api(c.test_key).get(`/invoices/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('resource_missing');
    },
  );
});

describe('a missing or unknown key is api_key_invalid, however often (spec Authentication 3, 4)', () => {
  it('keyless requests past any per-second or per-minute ceiling stay 401 with RateLimit headers, never 429', async () => {
    const results = await Promise.all(
      Array.from({ length: 80 }, (_, i) => (i % 2 === 0 ? api().get('/me') : api('svc_test_' + 'x'.repeat(32)).get('/companies'))),
    );
    expect(results.map((r) => r.status)).toEqual(results.map(() => 401));
    expect(results.every((r) => r.body.code === 'api_key_invalid')).toBe(true);
    for (const r of results) {
      expect(r.headers.get('ratelimit-policy')).toMatch(/^"burst";q=\d+;w=1, "sustained";q=\d+;w=60$/);
      expect(r.headers.get('ratelimit-remaining')).toMatch(/^\d+$/);
      expect(r.headers.get('retry-after')).toBeNull();
    }
  });
});
