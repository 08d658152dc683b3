import { ROUTES } from '../../lib/routes';
import { api } from '../support/http';
import { credentials } from '../support/stack';
import { randomBase62 } from '../../lib/ids';
import { absent, masked } from '../support/isolation';

/**
 * The isolation matrix (issue 11): every partner route with a path parameter, generated from THE route
 * table, called by every other caller (the demo partner's live and test keys, and the owner's key of
 * the other mode) on `other_partner`'s objects. A leak is any answer that differs from the answer for
 * an id that does not exist at all, or any answer that carries the object's id. A new route whose
 * parameter has no owner object below fails this test, so no route can skip it. List filters that
 * name an object (from the OpenAPI document) and paging cursors get the same treatment. The dashboard's
 * side is isolation-dashboard.test.ts.
 */
const c = credentials();
const owner = { live: api(c.other_partner.live_key), test: api(c.other_partner.test_key) };
type Mode = 'live' | 'test';
type Ids = Record<string, string>;

/** Plausible bodies, so that a refusal is decided by the object lookup and not by validation alone. */
const BODIES: Record<string, unknown> = {
  'POST /v1/companies/{companyID}/service-orders': { product_key: 'ein_application' },
  'POST /v1/companies/{companyID}/fixed-assets': { title: 'Laptop', placed_in_service: '2026-01-15', cost: 150000 },
  'POST /v1/companies/{companyID}/status-tokens': {},
  'POST /v1/requirements/{requirementID}/fulfill': { answers: { note: 'x' } },
  'POST /v1/service-orders/{serviceOrderID}/form': { answers: { field: 'x' } },
  'POST /v1/sandbox/companies/{companyID}/stage': { stage: 'documents_generated' },
  'POST /v1/sandbox/companies/{companyID}/entitlements': { kind: 'federal_tax_filing', delta: 1 },
  'POST /v1/sandbox/companies/{companyID}/tax-filings': { kind: 'federal', year: 2024 },
  'POST /v1/sandbox/companies/{companyID}/requirements': { type: 'information' },
  'POST /v1/sandbox/companies/{companyID}/files': { title: 'Operating agreement' },
  'POST /v1/sandbox/requirements/{requirementID}/cancel': { reason: 'withdrawn' },
  'POST /v1/sandbox/service-orders/{serviceOrderID}/quote': { unit_amount: 10000 },
  'POST /v1/sandbox/tax-filings/{taxFilingID}/advance': { progress: 50 },
};

async function ownerObjects(mode: Mode): Promise<Ids> {
  const o = owner[mode];
  const company = await o.post('/companies', {
    name: `Isolation ${mode} ${randomBase62(6)}`,
    external_id: `iso-${mode}-${randomBase62(12)}`,
    state: 'WY',
    entity_type: 'llc',
    account: { first_name: 'Iso', last_name: 'Lation', email: `iso-${randomBase62(6)}@example.com` },
    shareholders: [{ first_name: 'Iso', last_name: 'Owner', email: `owner-${randomBase62(6)}@example.com`, main_incorporator: true, ownership_percentage: 100 }],
  });
  expect(company.status).toBe(201);
  const companyID = company.body.id as string;
  const ids: Ids = { companyID, accountID: company.body.account_id, externalID: company.body.external_id, index: '0' };
  ids.serviceOrderID = (await o.get(`/companies/${companyID}/service-orders`)).body.items[0].id;
  ids.eventID = (await o.get(`/events?company_id=${companyID}&limit=1`)).body.items[0].id;
  ids.fixedAssetID = (await o.post(`/companies/${companyID}/fixed-assets`, BODIES['POST /v1/companies/{companyID}/fixed-assets'])).body.id;
  ids.statusTokenID = (await o.post(`/companies/${companyID}/status-tokens`, {})).body.id;
  if (mode === 'test') {
    ids.requirementID = (await o.post(`/sandbox/companies/${companyID}/requirements`, { type: 'information' })).body.id;
    ids.fileID = (await o.post(`/sandbox/companies/${companyID}/files`, { title: 'Articles' })).body.id;
    await o.post(`/sandbox/companies/${companyID}/entitlements`, { kind: 'federal_tax_filing', delta: 1 });
    ids.taxFilingID = (await o.post(`/sandbox/companies/${companyID}/tax-filings`, { kind: 'federal', year: 2025 })).body.id;
    const run = await o.post('/sandbox/billing/run', { as_of: new Date(Date.now() + 40 * 86400_000).toISOString() });
    ids.invoiceID = run.body.invoice?.id;
  }
  for (const [name, id] of Object.entries(ids)) expect([name, typeof id]).toEqual([name, 'string']);
  return ids;
}

/** Which owner object a list filter names, by the filter's name without its operator. */
const FILTER_IDS: Record<string, string> = { company_id: 'companyID', account_id: 'accountID', external_id: 'externalID' };

const partnerRoutes = ROUTES.filter((r) => r.audience === 'partner' && r.path.includes('{'));
const fill = (path: string, ids: Ids) => path.replace('/v1', '').replace(/\{(\w+)\}/g, (_m, name: string) => ids[name]);

describe('isolation matrix: no caller sees or changes another partner’s or the other mode’s objects', () => {
  const objects: Partial<Record<Mode, Ids>> = {};
  beforeAll(async () => {
    objects.test = await ownerObjects('test');
    objects.live = await ownerObjects('live');
  }, 120_000);

  it('covers every partner route with a path parameter', () => {
    const names = new Set(partnerRoutes.flatMap((r) => [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])));
    for (const name of names) expect([name, objects.test![name] !== undefined]).toEqual([name, true]);
  });

  const attackers = (mode: Mode) => [
    { who: 'demo partner live key', client: () => api(c.live_key) },
    { who: 'demo partner test key', client: () => api(c.test_key) },
    { who: `owner's ${mode === 'live' ? 'test' : 'live'} key`, client: () => owner[mode === 'live' ? 'test' : 'live'] },
  ];

  for (const mode of ['test', 'live'] as Mode[]) {
    for (const route of partnerRoutes) {
      it(`${route.method} ${route.path} on a ${mode}-mode object`, async () => {
        const ids = objects[mode]!;
        const needed = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
        if (needed.some((n) => ids[n] === undefined)) return; // no such object in live mode (sandbox-only kinds)
        const fake: Ids = Object.fromEntries(needed.map((n) => [n, absent(n, ids[n])]));
        const objectParams = needed.filter((n) => n !== 'index');
        const body = BODIES[`${route.method} ${route.path}`] ?? (route.method === 'POST' ? {} : undefined);
        for (const attacker of attackers(mode)) {
          const client = attacker.client();
          const real = await client.send(route.method, fill(route.path, ids), body);
          const none = await client.send(route.method, fill(route.path, { ...ids, ...fake }), body);
          // Indistinguishable from nothing: same status, same body once each side's own ids are masked.
          expect({ who: attacker.who, status: real.status, body: masked(real.text, objectParams.map((n) => ids[n])) }).toEqual({
            who: attacker.who,
            status: none.status,
            body: masked(none.text, objectParams.map((n) => fake[n])),
          });
          expect(real.status).not.toBeLessThan(400);
        }
      });
    }
  }

  it('never lists another partner’s objects', async () => {
    const mine = api(c.test_key);
    const ids = objects.test!;
    for (const path of ['/companies?limit=100', '/accounts?limit=100', '/events?limit=100', '/invoices?limit=100']) {
      const res = await mine.get(path);
      expect(res.status).toBe(200);
      for (const id of [ids.companyID, ids.accountID, ids.eventID, ids.invoiceID]) expect(res.text).not.toContain(id);
    }
  });

  /**
   * Filters that name an object (`company_id`, `account_id`, `external_id`, with their operators),
   * taken from the OpenAPI document's list operations, so a new filter cannot skip this: naming
   * another partner's or the other mode's object must answer exactly as naming nothing, `page.total`
   * included (a count of a foreign company's events would confirm it exists).
   */
  it('answers a list filter naming a foreign object exactly as one naming nothing', async () => {
    const doc = (await api().get('/openapi.json')).body;
    const filters: Array<{ path: string; param: string; ids: string }> = [];
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      if (path.includes('{') || !ops.get) continue;
      for (const p of ops.get.parameters ?? []) {
        const base = String(p.name).replace(/\[.*$/, '');
        if (p.in === 'query' && /_id$/.test(base)) filters.push({ path, param: p.name, ids: FILTER_IDS[base] });
      }
    }
    expect(filters.map((f) => f.param)).toEqual(expect.arrayContaining(['company_id', 'company_id[in]', 'account_id', 'external_id']));
    for (const f of filters) expect([f.param, f.ids !== undefined]).toEqual([f.param, true]);
    for (const mode of ['test', 'live'] as Mode[]) {
      for (const f of filters) {
        const value = objects[mode]![f.ids];
        const fake = absent(f.ids, value);
        for (const attacker of attackers(mode)) {
          const client = attacker.client();
          const query = (v: string) => `${f.path}?${encodeURIComponent(f.param)}=${encodeURIComponent(v)}`;
          const real = await client.get(query(value));
          const none = await client.get(query(fake));
          const what = `${attacker.who}: GET ${f.path}?${f.param}= the owner's ${mode}-mode ${f.ids}`;
          // Cursors are signed over the listing's filters, so they differ with the value named; they
          // carry a position in the caller's own list only.
          const same = (text: string, id: string) => masked(text, [id]).replace(/"(start|end)_cursor":"[^"]+"/g, '"$1_cursor":"*"');
          expect({ what, status: real.status, body: same(real.text, value) }).toEqual({ what, status: none.status, body: same(none.text, fake) });
          expect([what, real.text.includes(objects[mode]!.companyID)]).toEqual([what, false]);
        }
      }
    }
  });

  it('refuses another partner’s or the other mode’s paging cursor, and shows nothing of it', async () => {
    const doc = (await api().get('/openapi.json')).body;
    const paged = Object.entries<any>(doc.paths)
      .filter(([path, ops]) => !path.includes('{') && (ops.get?.parameters ?? []).some((p: any) => p.name === 'after'))
      .map(([path]) => path);
    expect(paged).toEqual(expect.arrayContaining(['/companies', '/accounts', '/events', '/invoices']));
    let tried = 0;
    for (const mode of ['test', 'live'] as Mode[]) {
      for (const path of paged) {
        const listed = await owner[mode].get(`${path}?limit=1`);
        expect(listed.status).toBe(200);
        const cursor = listed.body.page?.end_cursor as string | undefined;
        if (!cursor) continue; // nothing of the owner's in this list and mode
        const theirs = listed.body.items.map((i: any) => i.id as string);
        for (const attacker of attackers(mode)) {
          const res = await attacker.client().get(`${path}?limit=1&after=${encodeURIComponent(cursor)}`);
          const what = `${attacker.who}: GET ${path}?after= the owner's ${mode}-mode cursor`;
          expect([what, res.status, res.body.code, res.body.errors?.[0]?.location]).toEqual([what, 400, 'invalid_request', '$.after']);
          for (const id of theirs) expect([what, res.text.includes(id)]).toEqual([what, false]);
          tried++;
        }
      }
    }
    expect(tried).toBeGreaterThanOrEqual(3 * 2 * 3); // companies, accounts, events in both modes, by three callers
  });
});
