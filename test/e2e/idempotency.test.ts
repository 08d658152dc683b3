import { GetCommand, UpdateCommand } from '../../lib/store/dynamodb';
import { randomUUID } from 'node:crypto';
import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anAccount, anLlc } from '../support/companies';
import { db, tableName } from '../../lib/store/client';
import { idempotencyKey } from '../../lib/store/keys';
import { IDEMPOTENCY_RETENTION_SECONDS } from '../../lib/idempotency/records';
import { aPdf } from '../support/lifecycle';

const c = useStackDatabase();
const test = api(c.test_key);
const testScope = { partnerId: c.partner_id, mode: 'test' as const };

describe('Idempotency-Key on POST /companies', () => {
  it('replays the first response (status, body, Location) for the same key and request, marked Idempotent-Replayed', async () => {
    const key = randomUUID();
    const body = anLlc();
    const first = await test.post('/companies', body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const again = await test.post('/companies', JSON.stringify(body, null, 2), { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('request-id')).not.toBe(first.headers.get('request-id'));
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const list = await test.get(`/companies?account_id=${first.body.account_id}`);
    expect(list.body.page.total).toBe(1);
  });

  it('replays a retry that names, in Service-Version, the version the first request ran under without it', async () => {
    const key = randomUUID();
    const body = anLlc();
    const first = await test.post('/companies', body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const inForce = first.headers.get('service-version');
    expect(inForce).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const again = await test.post('/companies', body, { 'Idempotency-Key': key, 'Service-Version': inForce! });
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('refuses the same key with a different body, query or route with idempotency_key_mismatch (422)', async () => {
    const key = randomUUID();
    const body = anLlc();
    expect((await test.post('/companies', body, { 'Idempotency-Key': key })).status).toBe(201);
    for (const res of [
      await test.post('/companies', { ...body, name: body.name + ' Two' }, { 'Idempotency-Key': key }),
      await test.post('/companies?expand[]=account', body, { 'Idempotency-Key': key }),
      await test.post('/accounts', anAccount(), { 'Idempotency-Key': key }),
    ]) {
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('idempotency_key_mismatch');
      expect(res.body.errors[0].location).toBe('$.headers.Idempotency-Key');
    }
  });

  /** Arrange a claim of `key` for exactly this request, held by another request until `lockedUntil`. */
  async function heldClaim(key: string, body: unknown, lockedUntil: number) {
    const { requestFingerprint } = await import('../../lib/http/core/request-fingerprint');
    const version = (await test.get('/me')).headers.get('service-version') ?? undefined;
    const event = {
      httpMethod: 'POST',
      path: '/v1/companies',
      headers: {},
      queryStringParameters: null,
      multiValueQueryStringParameters: null,
    } as never;
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: idempotencyKey(testScope, key),
        UpdateExpression: 'SET #s = :s, fingerprint = :f, #o = :o, locked_until = :l, #t = :t',
        ExpressionAttributeNames: { '#s': 'status', '#o': 'owner', '#t': 'ttl' },
        ExpressionAttributeValues: {
          ':s': 'in_progress',
          ':f': requestFingerprint(event, body, version),
          ':o': 'req_other',
          ':l': lockedUntil,
          ':t': Math.floor(Date.now() / 1000) + 3600,
        },
      }),
    );
  }

  it('answers idempotency_key_in_use (409) while the first request with the key is still running', async () => {
    const key = randomUUID();
    const body = anLlc();
    await heldClaim(key, body, Date.now() + 60_000);
    const res = await test.post('/companies', body, { 'Idempotency-Key': key });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('idempotency_key_in_use');
    expect(res.headers.get('retry-after')).toBe('1');
  });

  it('takes over a key whose first request died (its lock ran out) and runs the request once', async () => {
    const key = randomUUID();
    const body = anLlc();
    await heldClaim(key, body, Date.now() - 1);
    const res = await test.post('/companies', body, { 'Idempotency-Key': key });
    expect(res.status).toBe(201);
    expect((await test.post('/companies', body, { 'Idempotency-Key': key })).body).toEqual(res.body);
  });

  it('keeps a key 24 hours (ttl attribute) and scopes it to partner and mode', async () => {
    const key = randomUUID();
    const res = await test.post('/accounts', anAccount(), { 'Idempotency-Key': key });
    const record = (await db().send(new GetCommand({ TableName: tableName(), Key: idempotencyKey(testScope, key) }))).Item!;
    expect(record.status).toBe('completed');
    expect(record.ttl - Date.parse(record.created_at) / 1000).toBeGreaterThanOrEqual(IDEMPOTENCY_RETENTION_SECONDS - 1);
    // The same key is fresh in live mode and for another partner.
    expect((await api(c.live_key).post('/accounts', anAccount(), { 'Idempotency-Key': key })).status).toBe(201);
    expect((await api(c.other_partner.test_key).post('/accounts', anAccount(), { 'Idempotency-Key': key })).status).toBe(201);
    expect(res.status).toBe(201);
  });

  it('frees the key of a refused request, so the corrected request can use it', async () => {
    const key = randomUUID();
    const refused = await test.post('/companies', anLlc({ name: 'The Bad Name' }), { 'Idempotency-Key': key });
    expect(refused.status).toBe(400);
    expect((await test.post('/companies', anLlc(), { 'Idempotency-Key': key })).status).toBe(201);
  });

  it('refuses a malformed key', async () => {
    const res = await test.post('/companies', anLlc(), { 'Idempotency-Key': 'x'.repeat(256) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].location).toBe('$.headers.Idempotency-Key');
  });
});

describe('Idempotency-Key on POST /files (multipart)', () => {
  /** One upload as a client sends it: the same parts under the boundary it picked for this send. */
  async function upload(key: string, boundary: string, company: string, bytes: Buffer) {
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nadditional_document\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="company"\r\n\r\n${company}\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await fetch(`${c.base_url}/files`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${c.test_key}`,
        'Content-Type': `multipart/form-data; boundary=${boundary}`,
        'Idempotency-Key': key,
      },
      body,
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { id?: string; code?: string } };
  }

  it('replays a retry whose client picked a new boundary (curl -F and FormData do on every send), and refuses another file', async () => {
    const company = (await test.post('/companies', anLlc())).body.id;
    const key = randomUUID();
    const first = await upload(key, '------------------------a1b2c3d4e5f6', company, aPdf('Lease'));
    expect(first.status).toBe(201);
    const retry = await upload(key, '----WebKitFormBoundary7MA4YWxkTrZu0gW', company, aPdf('Lease'));
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(first.body.id);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    const other = await upload(key, '------------------------a1b2c3d4e5f6', company, aPdf('Another lease'));
    expect(other.status).toBe(422);
    expect(other.body.code).toBe('idempotency_key_mismatch');
  });
});
