import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anAccount, anLlc, createCompany, uniqueWord } from '../support/companies';
import { setTimeout as sleep } from 'node:timers/promises';

const c = useStackDatabase();
const test = api(c.test_key);

function expectInvalid(res: { status: number; body: any }, location: string) {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe('invalid_request');
  expect(res.body.errors.map((e: any) => e.location)).toContain(location);
}

describe('GET /companies/{companyID}', () => {
  it('answers the company with open_requirements, Last-Modified = updated_at, and the common headers', async () => {
    const created = await createCompany(c.test_key);
    const res = await test.get(`/companies/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created });
    expect(res.body.open_requirements).toBe(0);
    expect(res.headers.get('last-modified')).toBe(new Date(created.updated_at).toUTCString());
    expect(res.headers.get('request-id')).toMatch(/^req_/);
  });

  it('answers 304 with the common headers for If-Modified-Since at or after updated_at, 200 before it', async () => {
    const created = await createCompany(c.test_key);
    const lastModified = new Date(created.updated_at).toUTCString();
    const unchanged = await test.get(`/companies/${created.id}`, { 'If-Modified-Since': lastModified });
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    expect(unchanged.headers.get('last-modified')).toBe(lastModified);
    for (const h of ['request-id', 'service-version', 'ratelimit-limit', 'ratelimit-policy']) expect(unchanged.headers.get(h)).toBeTruthy();
    const earlier = new Date(Date.parse(created.updated_at) - 5000).toUTCString();
    expect((await test.get(`/companies/${created.id}`, { 'If-Modified-Since': earlier })).status).toBe(200);
    expect((await test.get(`/companies/${created.id}`, { 'If-Modified-Since': 'not a date' })).status).toBe(200);
    const future = new Date(Date.now() + 86_400_000).toUTCString();
    expect((await test.get(`/companies/${created.id}`, { 'If-Modified-Since': future })).status).toBe(200);
  });

  it('expands account and service_orders', async () => {
    const created = await createCompany(c.test_key, anLlc({ services: ['ein_application'] }));
    const res = await test.get(`/companies/${created.id}?expand[]=account&expand[]=service_orders&expand[]=requirements`);
    expect(res.body.account).toMatchObject({ object: 'account', id: created.account_id });
    expect(res.body.service_orders.map((o: any) => o.product_key).sort()).toEqual(['ein_application', 'formation', 'registered_agent']);
    expect(res.body.requirements).toEqual([]);
  });

  it('refuses an unknown expansion', async () => {
    const created = await createCompany(c.test_key);
    expectInvalid(await test.get(`/companies/${created.id}?expand[]=owner`), '$.expand[]');
  });

  it('checks the id pattern before any read: invalid_request at $.companyID', async () => {
    for (const bad of ['cmp_short', 'acct_AAAAAAAAAAAAAAAAAAAAAA', 'cmp_AAAAAAAAAAAAAAAAAAAAA!']) {
      expectInvalid(await test.get(`/companies/${encodeURIComponent(bad)}`), '$.companyID');
    }
    expectInvalid(await test.get('/companies/cmp_short/service-orders'), '$.companyID');
    expectInvalid(await test.get('/accounts/acct_x'), '$.accountID');
  });

  it('answers resource_missing (404) for an unknown id', async () => {
    const res = await test.get(`/companies/cmp_${'Z'.repeat(22)}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('resource_missing');
  });
});

describe('modes and partners never see each other', () => {
  it('a test key never sees a live company, a live key never sees a test company, another partner sees neither', async () => {
    const live = await createCompany(c.live_key);
    const sandbox = await createCompany(c.test_key);
    expect(live.livemode).toBe(true);
    expect(sandbox.livemode).toBe(false);
    for (const [key, id] of [
      [c.test_key, live.id],
      [c.live_key, sandbox.id],
      [c.other_partner.live_key, live.id],
      [c.other_partner.test_key, sandbox.id],
    ]) {
      const res = await api(key).get(`/companies/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('resource_missing');
      expect((await api(key).get(`/companies/${id}/service-orders`)).status).toBe(404);
    }
    const testIds = (await test.get('/companies?limit=100')).body.items.map((i: any) => i.id);
    expect(testIds).toContain(sandbox.id);
    expect(testIds).not.toContain(live.id);
    const otherIds = (await api(c.other_partner.live_key).get('/companies?limit=100')).body.items.map((i: any) => i.id);
    expect(otherIds).not.toContain(live.id);
    expect((await api(c.live_key).get(`/accounts/${sandbox.account_id}`)).status).toBe(404);
    expect((await api(c.other_partner.test_key).get(`/accounts/${sandbox.account_id}`)).status).toBe(404);
  });
});

describe('GET /companies/{companyID}/service-orders', () => {
  it('lists every order of the company, newest first, without a page block', async () => {
    const created = await createCompany(c.test_key, anLlc({ services: ['bookkeeping', 'payroll'] }), {}, '?expand[]=service_orders');
    const res = await test.get(`/companies/${created.id}/service-orders`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['items', 'object']);
    expect(res.body.object).toBe('list');
    expect(res.body.items).toEqual(created.service_orders);
    const stamps = res.body.items.map((o: any) => o.created_at);
    expect([...stamps].sort().reverse()).toEqual(stamps);
  });

  it('needs orders:read', async () => {
    const { issueApiKey } = await import('../../lib/auth/api-key');
    const { secret } = await issueApiKey({ partnerId: c.partner_id, mode: 'test', scopes: ['companies:read'] });
    const created = await createCompany(c.test_key);
    expect((await api(secret).get(`/companies/${created.id}/service-orders`)).body.code).toBe('insufficient_scope');
  });
});

describe('expand[] needs the read scope of what it embeds', () => {
  const SCOPE_OF = { account: 'accounts:read', requirements: 'requirements:read', service_orders: 'orders:read' } as const;
  const keyWith = async (scopes: string[]) => {
    const { issueApiKey } = await import('../../lib/auth/api-key');
    return (await issueApiKey({ partnerId: c.partner_id, mode: 'test', scopes })).secret;
  };

  function expectUnheld(res: { status: number; body: any }, expansion: keyof typeof SCOPE_OF) {
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('insufficient_scope');
    expect(res.body.detail).toContain(`'${SCOPE_OF[expansion]}'`);
    expect(res.body.errors).toEqual([
      {
        reason: `${expansion} needs the '${SCOPE_OF[expansion]}' scope, which this key lacks`,
        location: '$.expand[]',
        validation_type: 'scope',
        how_to_fix: `Use a key that holds '${SCOPE_OF[expansion]}', or leave expand[]=${expansion} out of the request.`,
      },
    ]);
  }

  it('refuses each expansion to a key holding only companies:read, on one company and on the list', async () => {
    const created = await createCompany(c.test_key, anLlc({ services: ['ein_application'] }));
    const reader = api(await keyWith(['companies:read']));
    expect((await reader.get(`/companies/${created.id}`)).status).toBe(200);
    for (const expansion of ['account', 'requirements', 'service_orders'] as const) {
      expectUnheld(await reader.get(`/companies/${created.id}?expand[]=${expansion}`), expansion);
      expectUnheld(await reader.get(`/companies?account_id=${created.account_id}&expand[]=${expansion}`), expansion);
    }
    // Two missing scopes: one entry each.
    const both = await reader.get(`/companies/${created.id}?expand[]=account&expand[]=service_orders`);
    expect(both.status).toBe(403);
    expect(both.body.errors.map((e: any) => e.reason)).toEqual([
      "account needs the 'accounts:read' scope, which this key lacks",
      "service_orders needs the 'orders:read' scope, which this key lacks",
    ]);
  });

  it('embeds for a key holding the scope, or its area:write', async () => {
    const created = await createCompany(c.test_key, anLlc({ services: ['ein_application'] }));
    const holder = api(await keyWith(['companies:read', 'accounts:read', 'requirements:write', 'orders:read']));
    const res = await holder.get(`/companies/${created.id}?expand[]=account&expand[]=requirements&expand[]=service_orders`);
    expect(res.status).toBe(200);
    expect(res.body.account).toMatchObject({ object: 'account', id: created.account_id });
    expect(res.body.requirements).toEqual([]);
    expect(res.body.service_orders.length).toBeGreaterThan(0);
    const listed = await holder.get(`/companies?account_id=${created.account_id}&expand[]=account`);
    expect(listed.body.items[0].account.id).toBe(created.account_id);
  });

  it('refuses POST /companies and its preview before anything is written: the company and its account are not created', async () => {
    const writer = api(await keyWith(['companies:write']));
    const externalId = `exp-${uniqueWord()}`;
    const accountExternalId = `exp-acct-${uniqueWord()}`;
    const body = anLlc({ external_id: externalId, account: anAccount({ external_id: accountExternalId }) });
    expectUnheld(await writer.post('/companies/preview?expand[]=account', body), 'account');
    expectUnheld(await writer.post('/companies?expand[]=account', body, { 'Idempotency-Key': `exp-${uniqueWord()}` }), 'account');
    expectUnheld(await writer.post('/companies?expand[]=service_orders', body), 'service_orders');
    expect((await test.get(`/companies?external_id=${externalId}`)).body.items).toEqual([]);
    const accounts = (await test.get('/accounts?limit=100')).body.items;
    expect(accounts.map((a: any) => a.external_id)).not.toContain(accountExternalId);

    // The same creation with the scope: the name and both external_ids were never taken.
    const allowed = await api(await keyWith(['companies:write', 'accounts:read'])).post('/companies?expand[]=account', body);
    expect(allowed.status).toBe(201);
    expect(allowed.body.account).toMatchObject({ object: 'account', external_id: accountExternalId });
  });
});

describe('GET /companies', () => {
  /** A fresh account with `n` companies, created one after another (distinct created_at). */
  async function accountWithCompanies(n: number) {
    const account = (await test.post('/accounts', anAccount())).body;
    const companies = [];
    for (let i = 0; i < n; i++) {
      companies.push(
        await createCompany(
          c.test_key,
          { ...anLlc(), account: undefined, external_id: `pg-${uniqueWord()}` },
          { 'Service-Account': account.id },
        ),
      );
      await sleep(3);
    }
    return { account, companies };
  }

  it('pages an account newest first with all six page fields, forward with after and back with before', async () => {
    const { account, companies } = await accountWithCompanies(5);
    const newestFirst = companies.map((x) => x.id).reverse();
    const first = await test.get(`/companies?account_id=${account.id}&limit=2`);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body.page).sort()).toEqual(['end_cursor', 'has_next_page', 'has_prev_page', 'limit', 'start_cursor', 'total']);
    expect(first.body.page).toMatchObject({ has_next_page: true, has_prev_page: false, limit: 2, total: 5 });
    expect(first.body.items.map((i: any) => i.id)).toEqual(newestFirst.slice(0, 2));
    const second = await test.get(`/companies?account_id=${account.id}&limit=2&after=${first.body.page.end_cursor}`);
    expect(second.body.items.map((i: any) => i.id)).toEqual(newestFirst.slice(2, 4));
    expect(second.body.page).toMatchObject({ has_next_page: true, has_prev_page: true, total: 5 });
    const third = await test.get(`/companies?account_id=${account.id}&limit=2&after=${second.body.page.end_cursor}`);
    expect(third.body.items.map((i: any) => i.id)).toEqual(newestFirst.slice(4));
    expect(third.body.page.has_next_page).toBe(false);
    const back = await test.get(`/companies?account_id=${account.id}&limit=2&before=${third.body.page.start_cursor}`);
    expect(back.body.items.map((i: any) => i.id)).toEqual(newestFirst.slice(2, 4));
    expect(back.body.page).toMatchObject({ has_next_page: true, has_prev_page: true });
    const oldestFirst = await test.get(`/companies?account_id=${account.id}&sort=created_at&limit=10`);
    expect(oldestFirst.body.items.map((i: any) => i.id)).toEqual(companies.map((x) => x.id));
  });

  it('filters by external_id, status and created_at bounds, with total of the filtered listing', async () => {
    const { account, companies } = await accountWithCompanies(3);
    const byExternal = await test.get(`/companies?external_id=${encodeURIComponent(companies[1].external_id)}`);
    expect(byExternal.body.items.map((i: any) => i.id)).toEqual([companies[1].id]);
    expect(byExternal.body.page.total).toBe(1);
    const none = await test.get(`/companies?external_id=nope-${uniqueWord()}`);
    expect(none.body).toMatchObject({ items: [], page: { total: 0, start_cursor: null, end_cursor: null } });
    const byStatus = await test.get(`/companies?account_id=${account.id}&status=requires_information`);
    expect(byStatus.body.page.total).toBe(3);
    expect((await test.get(`/companies?account_id=${account.id}&status=active`)).body.page.total).toBe(0);
    const since = await test.get(`/companies?account_id=${account.id}&created_at[gte]=${companies[1].created_at}`);
    expect(since.body.items.map((i: any) => i.id)).toEqual([companies[2].id, companies[1].id]);
    expect(since.body.page.total).toBe(2);
    const after = await test.get(`/companies?account_id=${account.id}&created_at[gt]=${companies[1].created_at}`);
    expect(after.body.items.map((i: any) => i.id)).toEqual([companies[2].id]);
    const upTo = await test.get(
      `/companies?account_id=${account.id}&created_at[lte]=${companies[1].created_at}&created_at[gt]=${companies[0].created_at}`,
    );
    expect(upTo.body.items.map((i: any) => i.id)).toEqual([companies[1].id]);
    expect(upTo.body.page.total).toBe(1);
    const exact = await test.get(`/companies?account_id=${account.id}&created_at=${companies[0].created_at}`);
    expect(exact.body.items.map((i: any) => i.id)).toEqual([companies[0].id]);
  });

  it('expands each item', async () => {
    const { account } = await accountWithCompanies(1);
    const res = await test.get(`/companies?account_id=${account.id}&expand[]=account&expand[]=service_orders`);
    expect(res.body.items[0].account.id).toBe(account.id);
    expect(res.body.items[0].service_orders.length).toBeGreaterThan(0);
  });

  it('refuses a cursor of another listing, after with before, an unsupported sort and a bad limit', async () => {
    const { account } = await accountWithCompanies(2);
    const page = (await test.get(`/companies?account_id=${account.id}&limit=1`)).body.page;
    expectInvalid(await test.get(`/companies?limit=1&after=${page.end_cursor}`), '$.after');
    expectInvalid(await test.get(`/accounts?after=${page.end_cursor}`), '$.after');
    expectInvalid(await test.get(`/companies?after=${page.end_cursor}&before=${page.start_cursor}`), '$.before');
    const sort = await test.get('/companies?sort=-name');
    expectInvalid(sort, '$.sort');
    expect(sort.body.errors[0].how_to_fix).toContain('created_at');
    for (const limit of ['0', '101', 'ten']) expectInvalid(await test.get(`/companies?limit=${limit}`), '$.limit');
    expectInvalid(await test.get('/companies?status=sleeping'), '$.status');
    expectInvalid(await test.get('/companies?created_at[gt]=yesterday'), '$.created_at[gt]');
    expectInvalid(await test.get('/companies?account_id=acct_1'), '$.account_id');
  });
});
