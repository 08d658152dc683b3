import { ROUTES } from '../../lib/routes';
import { api } from '../support/http';
import { credentials } from '../support/stack';
import { randomBase62 } from '../../lib/ids';
import { absent, masked } from '../support/isolation';
import { aPdf, uploadFile } from '../support/lifecycle';
import { anLlc, anOwner } from '../support/companies';

/**
 * The isolation matrix (spec Modes and tenancy): every partner route with a path parameter, generated
 * from THE route table, called by every other caller (the demo partner's live and test keys, and the
 * owner's key of the other mode) on `other_partner`'s objects. A leak is any answer that differs from
 * the answer for an id that does not exist at all, or any answer that carries the object's id. A new
 * route whose parameter has no owner object below fails this test, so no route can skip it. List
 * filters that name an object (from the OpenAPI document) and paging cursors get the same treatment.
 * The dashboard's side is isolation-dashboard.test.ts.
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
    shareholders: [
      {
        first_name: 'Iso',
        last_name: 'Owner',
        email: `owner-${randomBase62(6)}@example.com`,
        main_incorporator: true,
        ownership_percentage: 100,
      },
    ],
  });
  expect(company.status).toBe(201);
  const companyID = company.body.id as string;
  const ids: Ids = {
    companyID,
    accountID: company.body.account_id,
    externalID: company.body.external_id,
    shareholderID: company.body.shareholders[0].id,
    index: '0',
    // The request log's entry of that creation, by the request_id of its answer.
    requestID: company.headers.get('request-id')!,
  };
  ids.serviceOrderID = (await o.get(`/companies/${companyID}/service-orders`)).body.items[0].id;
  ids.eventID = (await o.get(`/events?company_id=${companyID}&limit=1`)).body.items[0].id;
  ids.fixedAssetID = (await o.post(`/companies/${companyID}/fixed-assets`, BODIES['POST /v1/companies/{companyID}/fixed-assets'])).body.id;
  ids.statusTokenID = (await o.post(`/companies/${companyID}/status-tokens`, {})).body.id;
  const key = mode === 'live' ? c.other_partner.live_key : c.other_partner.test_key;
  ids.uploadID = (
    await uploadFile(
      key,
      { purpose: 'identity_document', company: companyID, shareholder: ids.shareholderID },
      { bytes: aPdf(), type: 'application/pdf', name: 'passport.pdf' },
    )
  ).body.id;
  if (mode === 'test') {
    ids.requirementID = (await o.post(`/sandbox/companies/${companyID}/requirements`, { type: 'information' })).body.id;
    ids.fileID = (await o.post(`/sandbox/companies/${companyID}/files`, { title: 'Articles' })).body.id;
    await o.post(`/sandbox/companies/${companyID}/entitlements`, { kind: 'federal_tax_filing', delta: 1 });
    ids.taxFilingID = (await o.post(`/sandbox/companies/${companyID}/tax-filings`, { kind: 'federal', year: 2025 })).body.id;
    const run = await o.post('/sandbox/billing/run', { as_of: new Date(Date.now() + 40 * 86400_000).toISOString() });
    // Another file may have run this sandbox's billing first (isolation-dashboard.test.ts): then its invoice will do.
    ids.invoiceID = run.body.invoice?.id ?? (await o.get('/invoices?limit=1')).body.items[0]?.id;
  }
  for (const [name, id] of Object.entries(ids)) expect([name, typeof id]).toEqual([name, 'string']);
  return ids;
}

/** Which owner object a list filter names, by the filter's name without its operator. */
const FILTER_IDS: Record<string, string> = { company_id: 'companyID', account_id: 'accountID', external_id: 'externalID' };

/** Body fields that name an object without an id pattern in the OpenAPI document. */
const BODY_REFERENCE_NAMES = ['shareholder', 'file', 'passport', 'company', 'service_order', 'account_id', 'company_id', 'event_id'];

/** The body fields of the OpenAPI document that name an object: `POST /companies $.shareholders[].passport`. */
function bodyReferences(doc: any): string[] {
  const out = new Set<string>();
  const walk = (schema: any, at: string, depth: number, field: string | undefined, op: string) => {
    if (!schema || depth > 10) return;
    if (schema.$ref) return walk(doc.components.schemas[schema.$ref.split('/').pop()], at, depth + 1, field, op);
    if (schema.format === 'binary') return; // an upload's bytes, not a reference
    const namesId = typeof schema.pattern === 'string' && /^\^[a-z]+_/.test(schema.pattern);
    if (field && (namesId || (BODY_REFERENCE_NAMES.includes(field) && schema.type !== 'object' && schema.type !== 'array')))
      out.add(`${op} ${at}`);
    for (const k of ['oneOf', 'anyOf', 'allOf']) for (const s of schema[k] ?? []) walk(s, at, depth + 1, field, op);
    for (const [name, s] of Object.entries<any>(schema.properties ?? {})) walk(s, `${at}.${name}`, depth + 1, name, op);
    if (schema.items) walk(schema.items, `${at}[]`, depth + 1, field, op);
  };
  for (const [path, ops] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(ops)) {
      for (const content of Object.values<any>(op?.requestBody?.content ?? {}))
        walk(content.schema, '$', 0, undefined, `${method.toUpperCase()} ${path}`);
    }
  }
  return [...out];
}

const aForm = { title: 'Details', fields: [{ field_name: 'Note', field_type: 'text', key: 'note', required: false }] };
const passportPdf = { bytes: aPdf(), type: 'application/pdf', name: 'passport.pdf' };

/** One case per body field that names an object: how to send it on the caller's own objects. */
const BODY_REFERENCES: Array<{
  operation: string;
  field: string;
  names: string;
  needs?: string;
  send: (key: string, own: Ids, value: string) => Promise<{ status: number; text: string }>;
}> = [
  {
    operation: 'POST /companies',
    field: '$.shareholders[].passport',
    names: 'uploadID',
    send: (key, _own, v) => api(key).post('/companies', anLlc({ shareholders: [anOwner({ passport: v })] })),
  },
  {
    operation: 'POST /companies/preview',
    field: '$.shareholders[].passport',
    names: 'uploadID',
    send: (key, _own, v) => api(key).post('/companies/preview', anLlc({ shareholders: [anOwner({ passport: v })] })),
  },
  {
    operation: 'POST /companies/{companyID}/service-orders',
    field: '$.shareholder',
    names: 'shareholderID',
    send: (key, own, v) => api(key).post(`/companies/${own.companyID}/service-orders`, { product_key: 'itin_application', shareholder: v }),
  },
  {
    operation: 'POST /companies/{companyID}/verification-sessions',
    field: '$.shareholder',
    names: 'shareholderID',
    send: (key, own, v) => api(key).post(`/companies/${own.companyID}/verification-sessions`, { shareholder: v }),
  },
  {
    operation: 'POST /requirements/{requirementID}/fulfill',
    field: '$.file',
    names: 'uploadID',
    needs: 'documentRequirementID',
    send: (key, own, v) => api(key).post(`/requirements/${own.documentRequirementID}/fulfill`, { file: v }),
  },
  {
    operation: 'POST /sandbox/companies/{companyID}/requirements',
    field: '$.shareholder',
    names: 'shareholderID',
    send: (key, own, v) =>
      api(key).post(`/sandbox/companies/${own.companyID}/requirements`, { type: 'document', purpose: 'identity_document', shareholder: v }),
  },
  {
    operation: 'POST /sandbox/companies/{companyID}/requirements',
    field: '$.service_order',
    names: 'serviceOrderID',
    send: (key, own, v) =>
      api(key).post(`/sandbox/companies/${own.companyID}/requirements`, { type: 'form', form: aForm, service_order: v }),
  },
  {
    operation: 'POST /files',
    field: '$.company',
    names: 'companyID',
    send: (key, own, v) => uploadFile(key, { purpose: 'identity_document', company: v, shareholder: own.shareholderID }, passportPdf),
  },
  {
    operation: 'POST /files',
    field: '$.shareholder',
    names: 'shareholderID',
    send: (key, own, v) => uploadFile(key, { purpose: 'identity_document', company: own.companyID, shareholder: v }, passportPdf),
  },
];

const partnerRoutes = ROUTES.filter((r) => r.audience === 'partner' && r.path.includes('{'));
const fill = (path: string, ids: Ids) => path.replace('/v1', '').replace(/\{(\w+)\}/g, (_m, name: string) => ids[name]);

/** The other-mode hint of a `resource_missing` (lib/http/middleware/other-mode-hint.ts). */
const hasOtherModeHint = (body: unknown) =>
  /It exists in (live|test) mode/.test(String((body as { detail?: string } | undefined)?.detail ?? ''));

/** The answer without the other-mode hint: the detail's sentence and its `errors[]` entry gone. */
function withoutOtherModeHint(text: string): string {
  try {
    const body = JSON.parse(text);
    if (!hasOtherModeHint(body)) return text;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
      if (k === 'errors') continue; // the hint's own entry
      out[k] = k === 'detail' ? String(v).replace(/ It exists in (live|test) mode, but a (live|test)-mode key was used\./, '') : v;
    }
    return JSON.stringify(out);
  } catch {
    return text;
  }
}

describe('isolation matrix: no caller sees or changes another partner’s or the other mode’s objects', () => {
  const objects: Partial<Record<Mode, Ids>> = {};
  const hinted = new Set<string>();
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
          // The owner's own other-mode key is told the object is in the other mode (and nothing else):
          // that hint aside, its answer too is the answer for nothing.
          const ownOtherMode = attacker.who.startsWith('owner');
          if (ownOtherMode && hasOtherModeHint(real.body)) hinted.add(`${route.method} ${route.path}`);
          expect({
            who: attacker.who,
            status: real.status,
            body: masked(
              ownOtherMode ? withoutOtherModeHint(real.text) : real.text,
              objectParams.map((n) => ids[n]),
            ),
          }).toEqual({
            who: attacker.who,
            status: none.status,
            body: masked(
              none.text,
              objectParams.map((n) => fake[n]),
            ),
          });
          expect(real.status).not.toBeLessThan(400);
        }
      });
    }
  }

  it('tells the owner’s other-mode key where its object is, on the routes that read one by its id', () => {
    expect([...hinted]).toEqual(
      expect.arrayContaining([
        'GET /v1/companies/{companyID}',
        'GET /v1/accounts/{accountID}',
        'GET /v1/events/{eventID}',
        'GET /v1/invoices/{invoiceID}',
      ]),
    );
  });

  it('never lists another partner’s objects', async () => {
    const mine = api(c.test_key);
    const ids = objects.test!;
    for (const path of ['/companies?limit=100', '/accounts?limit=100', '/events?limit=100', '/invoices?limit=100']) {
      const res = await mine.get(path);
      expect(res.status).toBe(200);
      for (const id of [ids.companyID, ids.accountID, ids.eventID, ids.invoiceID]) expect(res.text).not.toContain(id);
    }
    // The request log lists the caller's own requests only: the matrix's probes of the owner's ids
    // are there (the caller sent them), each answered as naming nothing; the owner's requests are not.
    const logged = await mine.get('/requests?limit=100');
    expect(logged.status).toBe(200);
    expect(logged.body.items.map((i: any) => i.id)).not.toContain(ids.requestID);
    for (const item of logged.body.items) {
      const names = [ids.companyID, ids.accountID, ids.eventID, ids.invoiceID].some((id) => JSON.stringify(item).includes(id));
      if (names) expect([item.path, item.status]).toEqual([item.path, expect.any(Number)]);
      if (names) expect(item.status).toBeGreaterThanOrEqual(400);
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
          expect({ what, status: real.status, body: same(real.text, value) }).toEqual({
            what,
            status: none.status,
            body: same(none.text, fake),
          });
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
    expect(paged).toEqual(expect.arrayContaining(['/companies', '/accounts', '/events', '/invoices', '/requests']));
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

  /**
   * Request bodies that name an object: a foreign one (another partner's, or the other mode's) must be
   * refused exactly like an id that names nothing, on the caller's own company or requirement. Every
   * body field of the OpenAPI document that takes an id (a pattern `^xx_…`, or a name from
   * BODY_REFERENCE_NAMES) must have a case below, so a new one cannot skip this.
   */
  it('refuses a request body naming a foreign object exactly as one naming nothing', async () => {
    const doc = (await api().get('/openapi.json')).body;
    const covered = new Set(BODY_REFERENCES.map((r) => `${r.operation} ${r.field}`));
    const fields = bodyReferences(doc);
    expect(fields).toEqual(
      expect.arrayContaining(['POST /companies $.shareholders[].passport', 'POST /requirements/{requirementID}/fulfill $.file']),
    );
    for (const field of fields) expect([field, covered.has(field)]).toEqual([field, true]);
    // The caller's own objects the bodies are sent about: for the demo keys, a company of their own;
    // for the owner's other-mode key, the owner's objects of that mode.
    const contexts = new Map<string, Ids>();
    for (const [key, ownerMode] of [
      [c.test_key, undefined],
      [c.live_key, undefined],
      [c.other_partner.test_key, 'test'],
      [c.other_partner.live_key, 'live'],
    ] as const) {
      const ctx: Ids = ownerMode ? { ...objects[ownerMode]! } : {};
      if (!ownerMode) {
        const made = await api(key).post('/companies', anLlc({ shareholders: [anOwner()] }));
        expect(made.status).toBe(201);
        Object.assign(ctx, { companyID: made.body.id, shareholderID: made.body.shareholders[0].id });
      }
      if (key.startsWith('svc_test_')) {
        const opened = await api(key).post(`/sandbox/companies/${ctx.companyID}/requirements`, {
          type: 'document',
          purpose: 'identity_document',
          shareholder: ctx.shareholderID,
        });
        expect(opened.status).toBe(201);
        ctx.documentRequirementID = opened.body.id;
      }
      contexts.set(key, ctx);
    }
    const keyOf: Record<string, string> = {
      'demo partner live key': c.live_key,
      'demo partner test key': c.test_key,
      "owner's live key": c.other_partner.live_key,
      "owner's test key": c.other_partner.test_key,
    };
    let cases = 0;
    for (const mode of ['test', 'live'] as Mode[]) {
      for (const ref of BODY_REFERENCES) {
        const value = objects[mode]![ref.names];
        const fake = absent(ref.names, value);
        for (const attacker of attackers(mode)) {
          const key = keyOf[attacker.who];
          const ctx = contexts.get(key)!;
          if (ref.needs && ctx[ref.needs] === undefined) continue; // a sandbox-only context, and this is a live key
          const real = await ref.send(key, ctx, value);
          const none = await ref.send(key, ctx, fake);
          const what = `${attacker.who}: ${ref.operation} ${ref.field} = the owner's ${mode}-mode ${ref.names}`;
          const text = attacker.who.startsWith('owner') ? withoutOtherModeHint(real.text) : real.text;
          expect({ what, status: real.status, body: masked(text, [value]) }).toEqual({
            what,
            status: none.status,
            body: masked(none.text, [fake]),
          });
          expect([what, real.status >= 400]).toEqual([what, true]);
          cases++;
        }
      }
    }
    expect(cases).toBeGreaterThanOrEqual(BODY_REFERENCES.length * 2 * 2);
  });
});
