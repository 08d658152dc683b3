import { mockStore } from '../support/aws-mock';
import { BatchGetCommand, GetCommand } from '../../lib/store/dynamodb';
import { z } from 'zod';
import { apiOperation } from '../../lib/http/operation';
import { ApiError } from '../../lib/errors';
import { MAX_JSON_DEPTH } from '../../lib/http/middleware/json-body';
import { hashSecret } from '../../lib/auth/api-key';
import { resetDbClient } from '../../lib/store/client';
import { forgetCachedKeys } from '../../lib/auth/key-cache';
import { keyedPost, lambdaContext, stubKeyAndPartner } from '../support/handler-chain';

const SECRET = 'svc_test_' + 'a'.repeat(32);
const ddb = mockStore();

const event = (body?: string, headers: Record<string, string> = {}) => keyedPost(SECRET, body, headers);
const context = lambdaContext;

beforeEach(() => {
  resetDbClient();
  ddb.reset();
  stubKeyAndPartner(ddb, SECRET);
  forgetCachedKeys(); // each test's key is read from its own stubs (a kept one would skip them)
});

const echo = apiOperation({
  body: z.strictObject({ name: z.string() }),
  handle: async ({ body }) => ({ status: 201, body: { name: body.name } }),
});

describe('the operation chain', () => {
  it('runs the operation with the validated body and adds the common headers', async () => {
    const res = await echo(event('{"name":"x"}'), context);
    expect(res.statusCode).toBe(201);
    expect(JSON.parse(res.body)).toEqual({ name: 'x' });
    expect(res.headers).toMatchObject({ 'Service-Version': '2026-11-01', 'RateLimit-Policy': expect.any(String) });
  });

  it('refuses malformed JSON with invalid_request, showing a body of the operation itself where its schema gives one', async () => {
    const res = await echo(event('{"name":'), context);
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ code: 'invalid_request', errors: [{ location: '$' }] });
    expect(JSON.parse(res.body).errors[0].how_to_fix).not.toContain('such as');
    const named = apiOperation({
      body: z.strictObject({ name: z.string().meta({ examples: ['Ada'] }), note: z.string().optional() }),
      handle: async () => ({ status: 201, body: {} }),
    });
    const shown = JSON.parse((await named(event('{"name":'), context)).body).errors[0].how_to_fix;
    expect(shown).toContain('such as {"name":"Ada"};');
  });

  it('refuses a JSON null body as it refuses any body that is not an object, and takes no body as {}', async () => {
    const bodiless = apiOperation({
      body: z.strictObject({ note: z.string().optional() }),
      handle: async () => ({ status: 200, body: {} }),
    });
    expect((await bodiless(event(), context)).statusCode).toBe(200);
    expect((await bodiless(event('{}'), context)).statusCode).toBe(200);
    for (const body of ['null', '[]', '"x"', '1']) {
      const res = await bodiless(event(body), context);
      expect([body, res.statusCode]).toEqual([body, 400]);
      expect(JSON.parse(res.body)).toMatchObject({
        code: 'invalid_request',
        errors: [{ location: '$', validation_type: 'type', how_to_fix: expect.stringContaining('such as {}') }],
      });
    }
  });

  it('refuses control and text-direction characters and lone surrogates in a body’s text, naming each field with a printable value; metadata is kept verbatim', async () => {
    const named = apiOperation({
      body: z.strictObject({
        name: z.string(),
        owners: z.array(z.strictObject({ name: z.string() })).optional(),
        metadata: z.record(z.string(), z.string()).optional(),
      }),
      handle: async ({ body }) => ({ status: 201, body }),
    });
    const refused = await named(
      event(JSON.stringify({ name: 'Ada\u0000 Lovelace', owners: [{ name: 'evil\u202Etxt.exe' }, { name: 'x\uD800' }] })),
      context,
    );
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'invalid_request',
      errors: [
        {
          location: '$.name',
          validation_type: 'pattern',
          reason: 'contains the character U+0000',
          how_to_fix: expect.stringContaining('such as "Ada Lovelace"'),
        },
        {
          location: '$.owners[0].name',
          reason: 'contains the character U+202E',
          how_to_fix: expect.stringContaining('such as "eviltxt.exe"'),
        },
        {
          location: '$.owners[1].name',
          reason: expect.stringContaining('lone UTF-16 surrogate'),
          how_to_fix: expect.stringContaining('such as "x"'),
        },
      ],
    });
    const kept = { name: 'Ada\tLovelace\nthe first 😀', metadata: { note: 'verbatim \u0000\u202E' } };
    const accepted = await named(event(JSON.stringify(kept)), context);
    expect([accepted.statusCode, JSON.parse(accepted.body)]).toEqual([201, kept]);
  });

  it('refuses a body over the limit with request_too_large (413)', async () => {
    const res = await echo(event(JSON.stringify({ name: 'x'.repeat(300 * 1024) })), context);
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body).code).toBe('request_too_large');
  });

  it('refuses JSON nested deeper than the limit before parsing it, with invalid_request and how_to_fix', async () => {
    for (const deep of ['['.repeat(50_000) + ']'.repeat(50_000), `{"name":"x","n":${'{"a":'.repeat(33)}1${'}'.repeat(33)}}`]) {
      const res = await echo(event(deep), context);
      expect(res.statusCode).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({
        code: 'invalid_request',
        errors: [{ location: '$', validation_type: 'maxDepth', how_to_fix: expect.stringContaining(`${MAX_JSON_DEPTH} levels`) }],
      });
    }
    // At the limit it is parsed (and then validated as usual).
    const res = await echo(event(`{"name":"x","n":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`), context);
    expect(JSON.parse(res.body).errors).toEqual([expect.objectContaining({ location: '$.n', validation_type: 'additionalProperties' })]);
  });

  it('treats a prototype-named body key or query parameter as an unknown field, whatever its value', async () => {
    const withQuery = apiOperation({
      query: z.strictObject({ limit: z.string().optional() }),
      body: z.strictObject({ name: z.string() }),
      handle: async () => ({ status: 200, body: {} }),
    });
    const locations = async (e: ReturnType<typeof event>) => {
      const res = await withQuery(e, context);
      expect(res.statusCode).toBe(400);
      return JSON.parse(res.body)
        .errors.map((x: { location: string }) => x.location)
        .sort();
    };
    expect(await locations(event('{"name":"x","__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}'))).toEqual([
      '$.__proto__',
      '$.constructor',
    ]);
    // As a deployed function parses its event from JSON: `__proto__` is an own key of the parameters.
    const parsed = {
      ...event('{"name":"x"}'),
      ...JSON.parse(
        '{"queryStringParameters":{"__proto__":"1","toString":"2"},"multiValueQueryStringParameters":{"__proto__":["1","3"],"toString":["2"]}}',
      ),
    };
    expect(await locations(parsed)).toEqual(['$.__proto__', '$.toString']);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('answers an unexpected failure with api_error (500) and no internals', async () => {
    const failing = apiOperation({
      handle: async () => {
        throw new Error('ECONNRESET at db-host-17: secret=hunter2');
      },
    });
    const res = await failing(event(), context);
    expect(res.statusCode).toBe(500);
    const body = JSON.parse(res.body);
    expect(body.code).toBe('api_error');
    expect(res.body).not.toMatch(/hunter2|ECONNRESET|db-host/);
    expect(body.request_id).toBe(res.headers!['Request-Id']);
  });

  it('answers api_error when the database itself fails during authentication', async () => {
    ddb.on(GetCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    // A test key seen before is read together with its sandbox clock, in one BatchGetItem.
    ddb.on(BatchGetCommand).rejects(new Error('ProvisionedThroughputExceededException'));
    const res = await echo(event('{"name":"x"}'), context);
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body).code).toBe('api_error');
  });

  it("keeps an operation's own refusal and its headers", async () => {
    const refusing = apiOperation({
      handle: async () => {
        throw new ApiError('resource_already_exists', 'taken', undefined, { 'X-Why': 'dup' });
      },
    });
    const res = await refusing(event(), context);
    expect(res.statusCode).toBe(409);
    expect(res.headers).toMatchObject({ 'X-Why': 'dup', 'Request-Id': expect.stringMatching(/^req_/) });
  });

  it('refuses live keys on sandbox operations with test_mode_only', async () => {
    ddb.on(GetCommand, { Key: { pk: `KEY#${hashSecret(SECRET)}`, sk: 'KEY' } }).resolves({
      Item: {
        pk: `KEY#${hashSecret(SECRET)}`,
        sk: 'KEY',
        id: 'key_1',
        partner_id: 'ptr_1',
        mode: 'live',
        scopes: ['*'],
        allowed_ips: [],
        rate_limit: { burst: 30, sustained: 120 },
      },
    });
    const live = 'svc_live_' + 'a'.repeat(32);
    ddb.on(GetCommand, { Key: { pk: `KEY#${hashSecret(live)}`, sk: 'KEY' } }).resolves({
      Item: {
        pk: `KEY#${hashSecret(live)}`,
        sk: 'KEY',
        id: 'key_2',
        partner_id: 'ptr_1',
        mode: 'live',
        scopes: ['*'],
        allowed_ips: [],
        rate_limit: { burst: 30, sustained: 120 },
      },
    });
    const sandbox = apiOperation({ testModeOnly: true, handle: async () => ({ status: 200, body: {} }) });
    const res = await sandbox(event(undefined, { Authorization: `Bearer ${live}` }), context);
    expect(res.statusCode).toBe(403);
    expect(JSON.parse(res.body).code).toBe('test_mode_only');
    // Whatever the body: a malformed one is not read before the key's mode refuses it.
    for (const body of ['{nope', '[]', '{"stage": 5}']) {
      const refused = await sandbox(event(body, { Authorization: `Bearer ${live}` }), context);
      expect([body, refused.statusCode, JSON.parse(refused.body).code]).toEqual([body, 403, 'test_mode_only']);
    }
  });
});
