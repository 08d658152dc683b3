import {
  API_VERSION,
  ApiServerError,
  ConflictError,
  ConnectionError,
  InvalidRequestError,
  NotFoundError,
  PartnerApi,
  PartnerApiError,
  RateLimitError,
  type ClientOptions,
} from '../../sdk/node/src/index';
import { DEFAULT_RETRY_POLICY, retryDelayMs, safeToRetry } from '../../sdk/node/src/retry';

/**
 * The SDK's thin layer over the generated client, against a scripted fetch (no network): idempotency
 * keys, the version pin, retries and their waits, typed errors, paging and the sweep.
 */
type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;

function scripted(answers: Answer[], options: ClientOptions = {}) {
  const requests: { method: string; url: URL; headers: Headers; body: string }[] = [];
  const waits: number[] = [];
  let i = 0;
  const client = new PartnerApi({
    apiKey: 'svc_test_unit',
    baseUrl: 'https://api.test/v1',
    ...options,
    fetch: async (request) => {
      requests.push({ method: request.method, url: new URL(request.url), headers: request.headers, body: await request.text() });
      const answer = answers[Math.min(i++, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'Content-Type': 'application/json', 'Request-Id': `req_${i}`, ...answer.headers },
      });
    },
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  return { client, requests, waits };
}

const envelope = (status: number, code: string, extra: Record<string, unknown> = {}) => ({
  type: `https://docs.test/partner/errors#${code}`,
  title: code,
  status,
  code,
  request_id: 'req_envelope',
  ...extra,
});
const company = { object: 'company', id: 'cmp_' + 'a'.repeat(22), name: 'Acme' };
const createBody = {
  name: 'Acme',
  state: 'WY' as const,
  entity_type: 'llc' as const,
  account: { first_name: 'Ada', last_name: 'L', email: 'ada@example.com' },
};

describe('requests', () => {
  it('calls the keyless pages at the host root (their path-level server), without the key', async () => {
    const { client, requests } = scripted([{ status: 200, body: { object: 'company_status' } }]);
    await client.statusPage({ token: 'stk_abc' });
    expect(requests[0].url.href).toBe('https://api.test/status/stk_abc');
    expect(requests[0].headers.get('authorization')).toBeNull();
  });

  it('sends the key, the pinned Service-Version and, on a POST, a fresh Idempotency-Key', async () => {
    const { client, requests } = scripted([{ status: 201, body: company }]);
    await expect(client.createCompany({ body: createBody })).resolves.toEqual(company);
    await client.createCompany({ body: createBody });
    const [first, second] = requests;
    expect(first.method).toBe('POST');
    expect(first.url.pathname).toBe('/v1/companies');
    expect(first.headers.get('authorization')).toBe('Bearer svc_test_unit');
    expect(first.headers.get('service-version')).toBe(API_VERSION);
    expect(first.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('idempotency-key')).not.toBe(first.headers.get('idempotency-key'));
    expect(JSON.parse(first.body)).toEqual(createBody);
  });

  it('takes the caller’s Idempotency-Key, or none with idempotencyKey: false; GETs carry none', async () => {
    const { client, requests } = scripted([{ status: 201, body: company }]);
    await client.createCompany({ body: createBody }, { idempotencyKey: 'order-42' });
    await client.createCompany({ body: createBody }, { idempotencyKey: false });
    await client.getCompany({ companyID: company.id });
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['order-42', null, null]);
  });

  it('pins the version per client, and per call when asked', async () => {
    const { client, requests } = scripted([{ status: 200, body: company }], { apiVersion: '2026-01-01' });
    await client.getCompany({ companyID: company.id });
    await client.getCompany({ companyID: company.id }, { apiVersion: '2026-11-01' });
    expect(requests.map((r) => r.headers.get('service-version'))).toEqual(['2026-01-01', '2026-11-01']);
    expect(client.apiVersion).toBe('2026-01-01');
  });

  it('puts path parameters in the path (encoded) and the rest in the query, dates as RFC 3339', async () => {
    const { client, requests } = scripted([
      {
        status: 200,
        body: {
          object: 'list',
          page: { start_cursor: null, end_cursor: null, has_next_page: false, has_prev_page: false, limit: 25, total: 0 },
          items: [],
        },
      },
    ]);
    await client.getCompany({ companyID: 'cmp_a/b', 'expand[]': ['account', 'requirements'] });
    await client.listEvents({
      'type[in]': 'company.created,company.verified',
      'created_at[gte]': new Date('2026-11-01T00:00:00Z'),
      limit: 10,
    });
    expect(requests[0].url.pathname).toBe('/v1/companies/cmp_a%2Fb');
    expect(requests[0].url.searchParams.getAll('expand[]')).toEqual(['account', 'requirements']);
    expect(Object.fromEntries(requests[1].url.searchParams)).toEqual({
      'type[in]': 'company.created,company.verified',
      'created_at[gte]': '2026-11-01T00:00:00.000Z',
      limit: '10',
    });
  });

  it('sends {} for a JSON operation whose body has no required field', async () => {
    const { client, requests } = scripted([{ status: 200, body: { object: 'service_order', id: 'so_x' } }]);
    await client.cancelServiceOrder({ serviceOrderID: 'so_' + 'b'.repeat(22) });
    expect(requests[0].body).toBe('{}');
  });

  it('refuses a call without its path parameter before sending anything', async () => {
    const { client, requests } = scripted([{ status: 200, body: company }]);
    await expect(client.getCompany({} as never)).rejects.toThrow(/needs the path parameter companyID/);
    expect(requests).toHaveLength(0);
  });

  it('answers request() with the status, headers, Request-Id and attempts', async () => {
    const { client } = scripted([
      { status: 503, body: envelope(503, 'api_error') },
      { status: 200, body: company },
    ]);
    const res = await client.request('getCompany', { companyID: company.id });
    expect(res).toMatchObject({ data: company, status: 200, requestId: 'req_2', attempts: 2 });
  });
});

describe('retries', () => {
  it('waits out Retry-After on a 429 and retries the POST under the same Idempotency-Key', async () => {
    const { client, requests, waits } = scripted([
      { status: 429, body: envelope(429, 'rate_limit'), headers: { 'Retry-After': '2' } },
      { status: 201, body: company },
    ]);
    await expect(client.createCompany({ body: createBody })).resolves.toEqual(company);
    expect(requests).toHaveLength(2);
    expect(requests[1].headers.get('idempotency-key')).toBe(requests[0].headers.get('idempotency-key'));
    expect(requests[1].body).toBe(requests[0].body);
    expect(waits).toEqual([2000]);
  });

  it('backs off exponentially, capped, on 5xx without Retry-After; gives up after maxRetries with the envelope', async () => {
    const { client, requests, waits } = scripted([{ status: 503, body: envelope(503, 'api_error', { detail: 'busy' }) }]);
    const error = await client.getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiServerError);
    expect(error).toMatchObject({ status: 503, code: 'api_error', detail: 'busy', request_id: 'req_envelope' });
    expect(requests).toHaveLength(1 + DEFAULT_RETRY_POLICY.maxRetries);
    expect(waits).toHaveLength(DEFAULT_RETRY_POLICY.maxRetries);
    waits.forEach((w, n) => {
      const step = Math.min(DEFAULT_RETRY_POLICY.maxDelayMs, DEFAULT_RETRY_POLICY.initialDelayMs * 2 ** n);
      expect(w).toBeGreaterThanOrEqual(step * 0.75);
      expect(w).toBeLessThanOrEqual(step);
    });
  });

  it('caps the backoff step and never waits less than Retry-After', () => {
    const policy = { ...DEFAULT_RETRY_POLICY, initialDelayMs: 500, maxDelayMs: 4000 };
    expect(retryDelayMs(10, undefined, policy, () => 1)).toBe(4000);
    expect(retryDelayMs(0, undefined, policy, () => 0)).toBe(375);
    expect(retryDelayMs(0, 3, policy, () => 1)).toBe(3000);
    expect(retryDelayMs(10, 1, policy, () => 1)).toBe(4000);
  });

  it('does not wait out a Retry-After longer than maxRetryAfterSeconds: the RateLimitError says how long', async () => {
    const { client, requests, waits } = scripted([{ status: 429, body: envelope(429, 'rate_limit'), headers: { 'Retry-After': '120' } }]);
    const error = await client.getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfter: 120, code: 'rate_limit' });
    expect(requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('never retries a POST sent without an Idempotency-Key', async () => {
    const { client, requests } = scripted([
      { status: 503, body: envelope(503, 'api_error') },
      { status: 201, body: company },
    ]);
    await expect(client.createCompany({ body: createBody }, { idempotencyKey: false })).rejects.toBeInstanceOf(ApiServerError);
    expect(requests).toHaveLength(1);
    expect(safeToRetry('POST', false)).toBe(false);
    expect(safeToRetry('POST', true)).toBe(true);
    expect(safeToRetry('DELETE', false)).toBe(true);
  });

  it('retries idempotency_key_in_use (the first request still runs) but not another conflict', async () => {
    const inUse = scripted([
      { status: 409, body: envelope(409, 'idempotency_key_in_use'), headers: { 'Retry-After': '1' } },
      { status: 201, body: company },
    ]);
    await expect(inUse.client.createCompany({ body: createBody })).resolves.toEqual(company);
    expect(inUse.waits).toEqual([1000]);
    const exists = scripted([
      { status: 409, body: envelope(409, 'resource_already_exists') },
      { status: 201, body: company },
    ]);
    await expect(exists.client.createCompany({ body: createBody })).rejects.toBeInstanceOf(ConflictError);
    expect(exists.requests).toHaveLength(1);
  });

  it('does not retry a 4xx such as invalid_request', async () => {
    const { client, requests } = scripted([
      {
        status: 400,
        body: envelope(400, 'invalid_request', {
          errors: [{ reason: 'required', location: '$.name', validation_type: 'required', how_to_fix: 'Send a name.' }],
        }),
      },
    ]);
    const error = (await client.createCompany({ body: createBody }).catch((e: unknown) => e)) as InvalidRequestError;
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toBeInstanceOf(PartnerApiError);
    expect(error.errors).toEqual([{ reason: 'required', location: '$.name', validation_type: 'required', how_to_fix: 'Send a name.' }]);
    expect(requests).toHaveLength(1);
  });

  it('retries a connection failure when safe, then throws ConnectionError', async () => {
    const recovered = scripted([new TypeError('fetch failed'), { status: 200, body: company }]);
    await expect(recovered.client.getCompany({ companyID: company.id })).resolves.toEqual(company);
    const down = scripted([new TypeError('fetch failed')], { maxRetries: 1 });
    await expect(down.client.getCompany({ companyID: company.id })).rejects.toBeInstanceOf(ConnectionError);
    expect(down.requests).toHaveLength(2);
  });

  it('maxRetries: 0 turns retries off', async () => {
    const { client, requests } = scripted([{ status: 429, body: envelope(429, 'rate_limit'), headers: { 'Retry-After': '1' } }], {
      maxRetries: 0,
    });
    await expect(client.getMe()).rejects.toBeInstanceOf(RateLimitError);
    expect(requests).toHaveLength(1);
  });

  it('makes an error of an answer that is not an envelope (a proxy’s page)', async () => {
    const { client } = scripted([{ status: 404, body: 'Not Found' }]);
    const error = await client.getMe().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: 'api_error', envelope: undefined, request_id: 'req_1' });
  });
});

describe('paging', () => {
  const page = (ids: string[], endCursor: string | null, hasNext: boolean, createdAt = '2026-11-01T00:00:00.000Z') => ({
    status: 200,
    body: {
      object: 'list',
      page: { start_cursor: null, end_cursor: endCursor, has_next_page: hasNext, has_prev_page: false, limit: 2, total: 5 },
      items: ids.map((id) => ({ object: 'event', id, type: 'company.created', created_at: createdAt })),
    },
  });

  it('events.list follows end_cursor via after until has_next_page is false', async () => {
    const { client, requests } = scripted([
      page(['evt_1', 'evt_2'], 'c1', true),
      page(['evt_3', 'evt_4'], 'c2', true),
      page(['evt_5'], 'c3', false),
    ]);
    const ids: string[] = [];
    for await (const event of client.events.list({ limit: 2, type: 'company.created' })) ids.push(event.id);
    expect(ids).toEqual(['evt_1', 'evt_2', 'evt_3', 'evt_4', 'evt_5']);
    expect(requests.map((r) => r.url.searchParams.get('after'))).toEqual([null, 'c1', 'c2']);
    expect(requests.every((r) => r.url.searchParams.get('type') === 'company.created' && r.url.searchParams.get('limit') === '2')).toBe(
      true,
    );
  });

  it('fetches no further page than the loop asks for', async () => {
    const { client, requests } = scripted([page(['evt_1', 'evt_2'], 'c1', true), page(['evt_3'], null, false)]);
    expect((await client.paginate('listEvents').toArray(2)).map((e) => e.id)).toEqual(['evt_1', 'evt_2']);
    expect(requests).toHaveLength(1);
  });

  it('refuses `before`: auto-pagination goes forward', () => {
    const { client } = scripted([]);
    expect(() => client.events.list({ before: 'x' })).toThrow(/pass `after`, not `before`/);
  });

  it('sweep: created_at[gte] five minutes before since, oldest first, every page, each event once', async () => {
    const { client, requests } = scripted([
      page(['evt_1', 'evt_2'], 'c1', true, '2026-11-01T10:00:01.000Z'),
      page(['evt_2', 'evt_3'], 'c2', true, '2026-11-01T10:00:03.000Z'),
      page(['evt_4'], null, false, '2026-11-01T10:00:02.000Z'),
    ]);
    const sweep = client.events.sweep({ since: '2026-11-01T10:00:00Z', type: 'company.created' });
    const ids: string[] = [];
    for await (const event of sweep) ids.push(event.id);
    expect(ids).toEqual(['evt_1', 'evt_2', 'evt_3', 'evt_4']);
    expect(Object.fromEntries(requests[0].url.searchParams)).toEqual({
      type: 'company.created',
      'created_at[gte]': '2026-11-01T09:55:00.000Z',
      sort: 'created_at',
      limit: '100',
    });
    expect(requests.map((r) => r.url.searchParams.get('after'))).toEqual([null, 'c1', 'c2']);
    expect(sweep.count).toBe(4);
    expect(sweep.nextSince).toBe('2026-11-01T10:00:03.000Z');
  });

  it('sweep that sees nothing keeps since as the next since; a bad since is refused', async () => {
    const { client } = scripted([page([], null, false)]);
    const sweep = client.events.sweep({ since: new Date('2026-11-01T10:00:00Z'), overlapMs: 60_000 });
    expect(sweep.from.toISOString()).toBe('2026-11-01T09:59:00.000Z');
    for await (const _ of sweep) throw new Error('no event expected');
    expect(sweep.nextSince).toBe('2026-11-01T10:00:00.000Z');
    expect(() => client.events.sweep({ since: 'yesterday' })).toThrow(/since must be a date-time/);
  });
});
