import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { aCorp, anLlc, anOwner, createCompany, uniqueWord } from '../support/companies';
import { aFreshPartner } from '../support/partners';
import { issueApiKey } from '../../lib/auth/api-key';
import { nameAvailabilitySchema } from '../../lib/resources/name-availability';
import { companyPreviewSchema, previewLineSchema } from '../../lib/resources/company-preview';
import { requestLogSchema } from '../../lib/resources/request-log';
import { dashboard, sessionFor } from '../support/dashboard';

const c = useStackDatabase();
const availability = (key: string, name: string, state = 'WY', entity_type = 'llc') =>
  api(key).get(`/name-availability?name=${encodeURIComponent(name)}&state=${state}&entity_type=${entity_type}`);

describe('GET /name-availability', () => {
  it('answers available for a free, valid name, and reserves nothing', async () => {
    const name = `Zephyr ${uniqueWord()}`;
    const res = await availability(c.test_key, `  ${name}  `);
    expect(res.status).toBe(200);
    expect(nameAvailabilitySchema().parse(res.body)).toEqual({
      object: 'name_availability',
      name,
      state: 'WY',
      entity_type: 'llc',
      available: true,
      reasons: [],
    });
    // Nothing reserved: another partner creates it right after.
    expect((await api(c.other_partner.test_key).post('/companies', anLlc({ name }))).status).toBe(201);
  });

  it('answers taken for a name registered in that state, compared as creation compares, in either mode’s own registry', async () => {
    const name = `Quill ${uniqueWord()}`;
    await createCompany(c.test_key, anLlc({ name, state: 'WY' }));
    for (const asked of [name, name.toUpperCase(), name.replace(' ', '   ')]) {
      const res = await availability(c.test_key, asked, 'WY', 'c_corp');
      expect(res.body.available).toBe(false);
      expect(res.body.reasons.map((r: any) => r.code)).toEqual(['taken']);
      expect(res.body.reasons[0].message).toContain('is already registered in WY');
    }
    // Another partner sees the same registry; another state and the live mode are free.
    expect((await availability(c.other_partner.test_key, name)).body.reasons.map((r: any) => r.code)).toEqual(['taken']);
    expect((await availability(c.test_key, name, 'DE')).body.available).toBe(true);
    expect((await availability(c.live_key, name)).body.available).toBe(true);
    // And creation refuses exactly what it reported.
    const refused = await api(c.test_key).post('/companies', anLlc({ name: name.toLowerCase() }));
    expect([refused.status, refused.body.errors[0].location, refused.body.errors[0].validation_type]).toEqual([400, '$.name', 'unique']);
  });

  it.each([
    ['starts with The', 'The Widget Co', 'must not start with "The"'],
    ['includes its ending', 'Acme Widgets LLC', 'must not include the ending'],
    ['has a character outside the pattern', 'Acme, Inc', 'Use only letters'],
    ['is empty', '', ''],
    // Spaces alone passed the pattern and were stored as "" (legal_name " LLC").
    ['is only spaces', '   ', 'not spaces alone'],
    ['is too long', 'A'.repeat(256), ''],
  ])('answers invalid_name when the name %s, with the create rule’s own words', async (_what, name, words) => {
    const res = await availability(c.test_key, name);
    expect(res.status).toBe(200);
    expect(res.body.available).toBe(false);
    expect(res.body.reasons[0].code).toBe('invalid_name');
    expect(res.body.reasons[0].message).toContain(words);
    // Creation refuses the same name at $.name.
    const created = await api(c.test_key).post('/companies', anLlc({ name }));
    expect(created.status).toBe(400);
    expect(created.body.errors.some((e: any) => e.location === '$.name')).toBe(true);
    // With the create rule's own fix, for the entity type asked about: "Acme Widgets LLC" as an LLC is
    // told to send "ending": "llc", as creation tells it (before, availability left the ending out).
    const messages = res.body.reasons.map((r: any) => r.message).join('\n');
    for (const e of created.body.errors.filter((e: any) => e.location === '$.name')) expect(messages).toContain(e.how_to_fix);
  });

  it('answers state_registry_conflict in the sandbox for a name with the word Conflict, never in live mode', async () => {
    const name = `Harbor Conflict ${uniqueWord()}`;
    const test = await availability(c.test_key, name);
    expect(test.body.available).toBe(false);
    expect(test.body.reasons.map((r: any) => r.code)).toEqual(['state_registry_conflict']);
    expect((await availability(c.live_key, name)).body.available).toBe(true);
    expect((await availability(c.test_key, `Conflicted ${uniqueWord()}`)).body.available).toBe(true);
  });

  it('refuses a missing or unknown state and entity type with invalid_request, and needs companies:read', async () => {
    const res = await api(c.test_key).get('/name-availability?name=Acme&state=ZZ&entity_type=llc');
    expect([res.status, res.body.errors[0].location]).toEqual([400, '$.state']);
    const missing = await api(c.test_key).get('/name-availability?name=Acme&state=WY');
    expect([missing.status, missing.body.errors[0].location]).toEqual([400, '$.entity_type']);
    const { partnerId } = await aFreshPartner();
    const { secret } = await issueApiKey({ partnerId, mode: 'test', scopes: ['events:read'] });
    expect((await availability(secret, 'Acme')).body.code).toBe('insufficient_scope');
  });
});

describe('POST /companies/preview', () => {
  it('answers the company as creation would and the lines creation bills, writing nothing', async () => {
    const { testKey } = await aFreshPartner();
    const external_id = `pv-${uniqueWord()}`;
    const body = anLlc({
      services: ['ein_application', 'compliance_bundle'],
      service_options: { formation: { turnaround: 'expedited' } },
      shareholders: [anOwner()],
      external_id,
    });
    const before = (await api(testKey).get('/events?limit=100')).body.items.length;
    const preview = await api(testKey).post('/companies/preview', body);
    expect([preview.status, preview.body.errors]).toEqual([200, undefined]);
    companyPreviewSchema().parse(preview.body);
    expect(preview.body.company).not.toHaveProperty('id');
    expect(preview.body.company).not.toHaveProperty('account_id'); // the account would be created
    expect(preview.body.amount_due_now).toBe(preview.body.lines.reduce((s: number, l: any) => s + l.unit_amount, 0));
    expect(preview.body.lines.map((l: any) => l.kind)).toEqual(
      expect.arrayContaining(['product', 'option', 'state_fee', 'processing_fee']),
    );
    // Each line's fields in the order docs/api.md (and the schema) gives them.
    const lineOrder = Object.keys(previewLineSchema().shape);
    for (const line of preview.body.lines) expect(Object.keys(line)).toEqual(lineOrder.filter((k) => k in line));
    // Nothing written: no event, no company, the external_id and name still free.
    expect((await api(testKey).get('/events?limit=100')).body.items.length).toBe(before);
    expect((await api(testKey).get(`/companies?external_id=${external_id}`)).body.items).toEqual([]);
    expect((await availability(testKey, body.name as string)).body.available).toBe(true);

    const created = await api(testKey).post('/companies', body);
    expect(created.status).toBe(201);
    const { id, created_at, updated_at, account_id, shareholders, ...rest } = created.body;
    const { shareholders: previewed, ...previewRest } = preview.body.company;
    expect(previewRest).toEqual(rest);
    expect(previewed.map(({ id: _i, ...s }: any) => s)).toEqual(shareholders.map(({ id: _i, ...s }: any) => s));
    // What creation billed is what the preview said, to the cent.
    const run = await api(testKey).post('/sandbox/billing/run', { as_of: new Date(Date.now() + 40 * 86400_000).toISOString() });
    expect(run.body.invoice.amount_due ?? run.body.invoice.total).toBe(preview.body.amount_due_now);
  });

  it('refuses what creation refuses, with the same errors[]', async () => {
    const name = `Taken ${uniqueWord()}`;
    const external_id = `tk-${uniqueWord()}`;
    await createCompany(c.test_key, anLlc({ name, external_id }));
    const cases = [
      anLlc({ name: 'The Best' }),
      anLlc({ name }),
      anLlc({ external_id }),
      aCorp({ authorized_shares: undefined }),
      anLlc({ services: ['no_such_product'] }),
    ];
    for (const body of cases) {
      const [p, cr] = [await api(c.test_key).post('/companies/preview', body), await api(c.test_key).post('/companies', body)];
      expect({ status: p.status, code: p.body.code, errors: p.body.errors }).toEqual({
        status: cr.status,
        code: cr.body.code,
        errors: cr.body.errors,
      });
      expect(p.status).toBeGreaterThanOrEqual(400);
    }
  });

  it('refuses a malformed Idempotency-Key as creation does, ahead of the body', async () => {
    // Before, the preview ignored the header and answered 200 (or the body's refusal) where creation refused the key.
    for (const body of [anLlc(), anLlc({ name: 'The Best' })]) {
      const headers = { 'Idempotency-Key': 'has spaces in it' };
      const [p, cr] = [
        await api(c.test_key).post('/companies/preview', body, headers),
        await api(c.test_key).post('/companies', body, headers),
      ];
      expect({ status: p.status, code: p.body.code, errors: p.body.errors }).toEqual({
        status: cr.status,
        code: cr.body.code,
        errors: cr.body.errors,
      });
      expect([p.status, p.body.errors?.[0]?.location]).toEqual([400, '$.headers.Idempotency-Key']);
    }
  });

  it('keeps account_id when the account exists, and ignores an Idempotency-Key (no record is written)', async () => {
    const company = await createCompany(c.test_key);
    const body = anLlc({ account: undefined });
    const headers = { 'Service-Account': company.account_id, 'Idempotency-Key': `pv-${uniqueWord()}` };
    const first = await api(c.test_key).post('/companies/preview', body, headers);
    expect(first.status).toBe(200);
    expect(first.body.company.account_id).toBe(company.account_id);
    // The request log says what the request carried, the key too, though the preview keeps no record
    // under it. Before, its entry had no idempotency_key.
    const logged = (await api(c.test_key).get(`/requests/${first.headers.get('request-id')}`)).body;
    expect(logged).toMatchObject({ path: '/v1/companies/preview', status: 200, idempotency_key: headers['Idempotency-Key'] });
    const created = await api(c.test_key).post('/companies', body, headers);
    expect(created.status).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBeNull();
    // The company as creation answers it, in its order: account_id right after where id would be.
    const written = ['id', 'created_at', 'updated_at'];
    expect(Object.keys(first.body.company)).toEqual(Object.keys(created.body).filter((k) => !written.includes(k)));
  });
});

describe('the request log', () => {
  it('keeps a POST with its redacted bodies, readable by its request_id', async () => {
    const owner = anOwner({ date_of_birth: '1990-01-02' });
    const res = await api(c.test_key).post(
      '/companies',
      anLlc({
        shareholders: [owner],
        pre_existing: true,
        ein: '12-3456789',
        address: { line1: '1 Main St', city: 'Cheyenne', state: 'WY', postal_code: '82001' },
      }),
      { 'Idempotency-Key': `rl-${uniqueWord()}` },
    );
    expect([res.status, res.body.errors]).toEqual([201, undefined]);
    const id = res.headers.get('request-id')!;
    const log = await api(c.test_key).get(`/requests/${id}`);
    expect(log.status).toBe(200);
    requestLogSchema().parse(log.body);
    expect(log.body).toMatchObject({ object: 'request_log', id, method: 'POST', path: '/v1/companies', status: 201 });
    expect(log.body.idempotency_key).toMatch(/^rl-/);
    expect(log.body.request_body.shareholders[0].date_of_birth).toBe('[redacted]');
    expect(log.body.request_body.ein).toBe('[redacted]');
    expect(log.body.response_body.id).toBe(res.body.id);
    expect(log.text).not.toContain('1990-01-02');
    expect(log.text).not.toContain(c.test_key);
  });

  it('keeps an error answer with its code, not a successful GET, and only in its own partner and mode', async () => {
    const missing = await api(c.test_key).get('/companies/cmp_0000000000000000000000');
    expect(missing.status).toBe(404);
    const id = missing.headers.get('request-id')!;
    expect(missing.body.request_id).toBe(id);
    const log = await api(c.test_key).get(`/requests/${id}`);
    expect(log.body).toMatchObject({ status: 404, code: 'resource_missing', method: 'GET' });
    const ok = await api(c.test_key).get('/me');
    expect((await api(c.test_key).get(`/requests/${ok.headers.get('request-id')}`)).status).toBe(404);
    for (const key of [c.live_key, c.other_partner.test_key]) expect((await api(key).get(`/requests/${id}`)).status).toBe(404);
  });

  it('keeps no 429 and no unknown key’s 401', async () => {
    const unknown = await api('svc_test_nosuchkeynosuchkeynosuchkey').get('/companies');
    expect(unknown.status).toBe(401);
    const { partnerId, testKey } = await aFreshPartner();
    const { secret } = await issueApiKey({ partnerId, mode: 'test', rateLimit: { burst: 1, sustained: 1000 } });
    const answers = await Promise.all(Array.from({ length: 6 }, () => api(secret).post('/companies', anLlc({ name: 'The Flood' }))));
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain(429);
    const listed = await api(testKey).get('/requests');
    expect(listed.body.items.map((i: any) => i.status).sort()).toEqual(statuses.filter((s) => s !== 429).sort());
    for (const a of answers.filter((x) => x.status === 429))
      expect((await api(testKey).get(`/requests/${a.headers.get('request-id')}`)).status).toBe(404);
  });

  it("writes a refusal the input decides beside the key's read on a warm process: the entry the answer would write, none for a key revoked meanwhile", async () => {
    const { partnerId, testKey } = await aFreshPartner();
    const { secret, record } = await issueApiKey({ partnerId, mode: 'test' });
    expect((await api(secret).get('/me')).status).toBe(200); // this process has now seen the key
    const refused = await api(secret).post('/companies', anLlc({ state: 'XX' }));
    expect([refused.status, refused.body.code]).toEqual([400, 'invalid_request']);
    const log = await api(testKey).get(`/requests/${refused.headers.get('request-id')}`);
    expect(log.body).toMatchObject({ status: 400, code: 'invalid_request', key_id: record.id, method: 'POST', path: '/v1/companies' });
    expect(log.body.response_body).toEqual(refused.body);
    expect(log.body.request_body.state).toBe('XX');
    // A rule of creation that needs no read (the spec's table) is told ahead the same way, by the same function.
    const ruled = await api(secret).post('/companies', anLlc({ name: 'The Refused' }));
    expect([ruled.status, ruled.body.code]).toEqual([400, 'invalid_request']);
    const ruledLog = await api(testKey).get(`/requests/${ruled.headers.get('request-id')}`);
    expect(ruledLog.body).toMatchObject({ status: 400, code: 'invalid_request', key_id: record.id });
    expect(ruledLog.body.response_body).toEqual(ruled.body);
    // Revoked after this process saw it (in its own dashboard: the process forgets the key it kept), the
    // entry's check on the key fails, nothing is written, the answer is 401.
    const { token } = await sessionFor(partnerId);
    expect((await dashboard(token).post(`/keys/${record.id}/revoke`)).status).toBe(200);
    const revoked = await api(secret).post('/companies', anLlc({ state: 'XX' }));
    expect([revoked.status, revoked.body.code]).toEqual([401, 'api_key_invalid']);
    expect((await api(testKey).get(`/requests/${revoked.headers.get('request-id')}`)).status).toBe(404);
  });

  it('removes an entry written ahead when the answer turns out a 429', async () => {
    const { partnerId, testKey } = await aFreshPartner();
    const { secret } = await issueApiKey({ partnerId, mode: 'test', rateLimit: { burst: 4, sustained: 1000 } });
    expect((await api(secret).get('/me')).status).toBe(200); // seen, with room left: refusals are written ahead
    const answers = await Promise.all(Array.from({ length: 8 }, () => api(secret).post('/companies', anLlc({ state: 'XX' }))));
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain(429);
    for (const a of answers) {
      const found = (await api(testKey).get(`/requests/${a.headers.get('request-id')}`)).status;
      expect({ answered: a.status, logged: found === 200 }).toEqual({ answered: a.status, logged: a.status !== 429 });
    }
  });

  it('lists newest first with its filters, and needs logs:read', async () => {
    const { partnerId, testKey } = await aFreshPartner();
    const a = await api(testKey).post('/companies', anLlc());
    const b = await api(testKey).post('/companies', anLlc({ name: 'The Refused' }));
    const d = await api(testKey).get('/companies/cmp_0000000000000000000000');
    expect([a.status, b.status, d.status]).toEqual([201, 400, 404]);
    const all = await api(testKey).get('/requests');
    expect(all.status).toBe(200);
    expect(all.body.items.map((i: any) => i.status)).toEqual([404, 400, 201]);
    expect(all.body.page.total).toBe(3);
    expect((await api(testKey).get('/requests?status[gte]=400')).body.items.map((i: any) => i.status)).toEqual([404, 400]);
    expect((await api(testKey).get('/requests?status=201')).body.items.map((i: any) => i.id)).toEqual([a.headers.get('request-id')]);
    expect((await api(testKey).get('/requests?method=GET')).body.items.map((i: any) => i.status)).toEqual([404]);
    expect((await api(testKey).get('/requests?path=/v1/companies&status[lt]=300')).body.items.length).toBe(1);
    const page1 = await api(testKey).get('/requests?limit=2');
    const page2 = await api(testKey).get(`/requests?limit=2&after=${encodeURIComponent(page1.body.page.end_cursor)}`);
    expect([...page1.body.items, ...page2.body.items].map((i: any) => i.status)).toEqual([404, 400, 201]);
    const bad = await api(testKey).get('/requests?status=abc');
    expect([bad.status, bad.body.errors[0].location]).toEqual([400, '$.status']);
    // Three digits from 100 to 599, as written: not a hexadecimal 400, not an empty value, not twice.
    for (const [query, location, reason] of [
      ['status=0x190', '$.status', "'0x190' is not an HTTP status code"],
      ['status[gte]=', '$.status[gte]', "'' is not an HTTP status code"],
      ['status[lt]=4e2', '$.status[lt]', "'4e2' is not an HTTP status code"],
      ['status=600', '$.status', 'is 600; it must be from 100 to 599'],
      ['status=400&status=401', '$.status', 'is given 2 times'],
    ]) {
      const refused = await api(testKey).get(`/requests?${query}`);
      expect([query, refused.status, refused.body.errors[0].location, refused.body.errors[0].reason]).toEqual([
        query,
        400,
        location,
        reason,
      ]);
      expect(refused.body.errors[0].how_to_fix).toMatch(/such as status(\[gte\]|\[lt\])?=422/);
    }
    const { secret } = await issueApiKey({ partnerId, mode: 'test', scopes: ['companies:write'] });
    const refused = await api(secret).get('/requests');
    expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
    // That refusal is logged too, for the key that made it (its partner holds logs:read elsewhere).
    expect((await api(testKey).get(`/requests/${refused.headers.get('request-id')}`)).body.status).toBe(403);
  });
});

describe('the request log in the dashboard', () => {
  it('lists both modes newest first, pages one mode, and shows each request in full from its request_id', async () => {
    const { partnerId, testKey, liveKey } = await aFreshPartner();
    const refused = await api(testKey).post('/companies', anLlc({ name: 'The Refused' }));
    const live = await api(liveKey).post('/companies', anLlc());
    expect([refused.status, live.status]).toEqual([400, 201]);
    const { token } = await sessionFor(partnerId);
    const json = (path: string) => api(undefined, { Authorization: `Bearer ${token}` }).get(`${c.dashboard_url}/api${path}`);
    const both = await json('/requests');
    expect(both.status).toBe(200);
    expect(both.body.items.map((i: any) => [i.status, i.livemode])).toEqual([
      [201, true],
      [400, false],
    ]);
    const testOnly = await json('/requests?livemode=false&limit=1');
    expect(testOnly.body.items.map((i: any) => i.id)).toEqual([refused.headers.get('request-id')]);
    expect((await json('/requests?after=abc')).body.errors[0].location).toBe('$.after');

    const cookie = `dash_session=${token}`;
    const page = (path: string) => fetch(`${c.dashboard_url}${path}`, { redirect: 'manual', headers: { Cookie: cookie } });
    const listPage = await page('/requests');
    const text = await listPage.text();
    expect(listPage.status).toBe(200);
    // The error's request_id is a link to the request in full.
    const id = refused.body.request_id as string;
    expect(text).toContain(`href="/dashboard/requests/${id}"`);
    const one = await page(`/requests/${id}`);
    // Ids and codes carry <wbr> where they may break (lib/dashboard/pages): read the text as shown.
    const detail = (await one.text()).replace(/<wbr>/g, '');
    expect(one.status).toBe(200);
    expect(detail).toContain('invalid_request');
    expect(detail).toContain('The Refused');
    // The search box answers with the request's page; another partner's request is not found.
    const found = await page(`/requests?request_id=${id}`);
    expect([found.status, found.headers.get('location')]).toEqual([303, `/dashboard/requests/${id}`]);
    expect((await page(`/requests/${live.headers.get('request-id')}`)).status).toBe(200);
    const theirs = await api(c.test_key).post('/companies', anLlc({ name: 'The Other' }));
    expect((await page(`/requests/${theirs.body.request_id}`)).status).toBe(404);
  });

  it('pages both modes together with cursors that give every page a page promises, forward and back', async () => {
    const { partnerId, testKey, liveKey } = await aFreshPartner();
    for (const key of [testKey, liveKey, testKey, liveKey])
      expect((await api(key).post('/companies', anLlc({ name: '' }))).status).toBe(400);
    const { token } = await sessionFor(partnerId);
    const json = (path: string) => api(undefined, { Authorization: `Bearer ${token}` }).get(`${c.dashboard_url}/api${path}`);
    const all = (await json('/requests')).body;
    expect(all.items.map((i: any) => i.livemode)).toEqual([true, false, true, false]);
    expect(all.page).toMatchObject({ has_next_page: false, has_prev_page: false, total: 4 });

    const seen: string[] = [];
    let page = (await json('/requests?limit=3')).body;
    seen.push(...page.items.map((i: any) => i.id));
    expect(page.page).toMatchObject({ has_next_page: true, has_prev_page: false, limit: 3, total: 4 });
    page = (await json(`/requests?limit=3&after=${page.page.end_cursor}`)).body;
    seen.push(...page.items.map((i: any) => i.id));
    expect(page.page).toMatchObject({ has_next_page: false, has_prev_page: true });
    expect(seen).toEqual(all.items.map((i: any) => i.id));
    const back = (await json(`/requests?limit=3&before=${page.page.start_cursor}`)).body;
    expect(back.items.map((i: any) => i.id)).toEqual(seen.slice(0, 3));
    expect(back.page).toMatchObject({ has_next_page: true, has_prev_page: false });

    // A cursor of one mode's listing is not a position in both.
    const oneMode = (await json('/requests?livemode=false&limit=1')).body;
    const foreign = await json(`/requests?after=${oneMode.page.end_cursor}`);
    expect([foreign.status, foreign.body.code, foreign.body.errors[0].location]).toEqual([400, 'invalid_request', '$.after']);
  });
});
