import { api, ENVELOPE_FIELDS } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { createCompany, uniqueWord } from '../support/companies';
import { crossFieldRows, problemsOf, schemaRows, type ErrorRow } from '../support/create-company-errors';
import { EVENT_TYPES } from '../../lib/resources/event';

/**
 * Refusals that say how to fix them, over HTTP (docs/decisions.md, "Errors that say how to fix"): a
 * sample of the create-company error table (test/unit/create-company-errors.test.ts holds all of it)
 * and each case a partner met in their first hour.
 */
const c = useStackDatabase();
const test = api(c.test_key);

/** The spec's envelope with `invalid_request` (400) and its entries; returns the entry at `location`. */
function refusedAt(res: { status: number; body: any }, location: string) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status: 400, code: 'invalid_request' });
  expect(Object.keys(res.body).filter((k) => !ENVELOPE_FIELDS.includes(k))).toEqual([]);
  const entry = res.body.errors.find((e: any) => e.location === location);
  expect({ locations: res.body.errors.map((e: any) => e.location), found: !!entry }).toMatchObject({ found: true });
  return entry;
}

/** A few rows of each kind from the table: the same entries the unit table checks, now through the whole chain. */
function sample(): ErrorRow[] {
  const rows = schemaRows();
  const pick = (type: string, location?: string) => rows.find((r) => r.validation_type === type && (!location || r.location === location))!;
  const unique = (body: Record<string, unknown>) => ({ ...body, name: `Acme ${uniqueWord()}` });
  return [
    pick('required', '$.state'),
    pick('enum', '$.entity_type'),
    pick('maxLength', '$.name'),
    pick('format', '$.shareholders[0].email'),
    pick('minimum', '$.shareholders[0].ownership_percentage'),
    pick('additionalProperties'),
    ...crossFieldRows()
      .filter((r) => ['ownerPrivacy', 'shareStructure', 'services'].includes(r.rule))
      .slice(0, 3),
  ].map((row) => (row.location === '$.name' ? row : { ...row, body: unique(row.body) }));
}

describe('POST /companies: the error table over HTTP', () => {
  it.each(sample().map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    const entry = refusedAt(await test.post('/companies', row.body), row.location);
    expect({ entry, problems: problemsOf(entry, row) }).toEqual({ entry, problems: [] });
  });

  it('a missing state reads as required, like a missing name, without listing the 51 states', async () => {
    const res = await test.post('/companies', {
      entity_type: 'llc',
      account: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    });
    expect(refusedAt(res, '$.name')).toEqual({
      reason: 'is required',
      location: '$.name',
      validation_type: 'required',
      how_to_fix: 'Send name: a string of 1 to 255 characters matching ^[A-Za-z0-9 &-]+$, such as "name": "Acme Widgets".',
    });
    expect(refusedAt(res, '$.state')).toEqual({
      reason: 'is required',
      location: '$.state',
      validation_type: 'required',
      how_to_fix: 'Send state: one of 51 values (AL, AK, AZ, AR, … DC; all listed in the API reference), such as "state": "DE".',
    });
    expect(res.body.detail).toBe('The body is invalid: $.name is required; $.state is required');
  });
});

describe('limit out of range says so', () => {
  it.each(['/events', '/companies', '/accounts', '/invoices'])(
    'GET %s?limit=1000 is a maximum refusal, not "not an integer"',
    async (path) => {
      const entry = refusedAt(await test.get(`${path}?limit=1000`), '$.limit');
      expect(entry).toEqual({
        reason: 'is 1000; it must be at most 100',
        location: '$.limit',
        validation_type: 'maximum',
        how_to_fix: 'Send limit as an integer from 1 to 100, such as limit=25.',
      });
    },
  );

  it('limit=0 is minimum and limit=ten is type, each with the same fix', async () => {
    expect(refusedAt(await test.get('/companies?limit=0'), '$.limit')).toMatchObject({
      validation_type: 'minimum',
      reason: 'is 0; it must be at least 1',
      how_to_fix: 'Send limit as an integer from 1 to 100, such as limit=25.',
    });
    expect(refusedAt(await test.get('/companies?limit=ten'), '$.limit')).toMatchObject({
      validation_type: 'type',
      reason: "'ten' is not a whole number",
    });
  });

  it('limit given twice names the default page size as its example, not the middle of 1..100', async () => {
    expect(refusedAt(await test.get('/companies?limit=1&limit=2'), '$.limit')).toMatchObject({
      validation_type: 'type',
      reason: 'is given 2 times',
      how_to_fix: 'Send limit once, such as limit=25.',
    });
  });
});

describe('malformed JSON is shown a valid body of the route it was sent to', () => {
  it("POST /companies, /accounts, a company's service orders and fixed assets each show their own", async () => {
    const company = await createCompany(c.test_key);
    for (const [path, example] of [
      ['/companies', '{"name":"Acme Widgets","state":"DE","entity_type":"llc"}'],
      ['/accounts', '{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.com"}'],
      [`/companies/${company.id}/service-orders`, '{"product_key":"registered_agent"}'],
      [`/companies/${company.id}/fixed-assets`, '{"title":"Delivery van","placed_in_service":"2024-03-01","cost":125000}'],
    ]) {
      const entry = refusedAt(await test.post(path, '{"oops": ', {}), '$');
      expect({ path, reason: entry.reason, fix: entry.how_to_fix }).toEqual({
        path,
        reason: 'malformed JSON',
        fix: `Send a JSON object with \`Content-Type: application/json\`, such as ${example}; check quotes and commas (keys and strings in double quotes, no trailing comma).`,
      });
    }
  });
});

describe('GET /events refuses a type the service does not emit', () => {
  it('type=company.create (a typo) is invalid_request naming company.created, not an empty 200', async () => {
    const entry = refusedAt(await test.get('/events?type=company.create'), '$.type');
    expect(entry).toEqual({
      reason: "'company.create' is not an event type the service emits",
      location: '$.type',
      validation_type: 'enum',
      // The catalog: the reference's "Event types" chapter (the document's webhooks), on this deployment.
      how_to_fix: expect.stringMatching(
        new RegExp(
          `^Send an event type the service emits, such as company\\.created \\(the closest to 'company\\.create'\\); all ${Object.keys(EVENT_TYPES).length}, with when each fires, are listed at http\\S+/docs#tag/Event-types\\.$`,
        ),
      ),
    });
  });

  it.each([
    ['type[in]=company.created,company.verifed', '$.type[in]', 'company.verified'],
    ['type[eq]=requirement.fulfiled', '$.type[eq]', 'requirement.fulfilled'],
    ['type[nin]=invoice.finalised', '$.type[nin]', 'invoice.finalized'],
    ['type=Company.Created', '$.type', 'company.created'],
  ])('%s is refused at %s, suggesting %s', async (query, location, closest) => {
    const entry = refusedAt(await test.get(`/events?${query}`), location);
    expect(entry.validation_type).toBe('enum');
    expect(entry.how_to_fix).toContain(`such as ${closest} `);
  });

  it('accepts every type the catalog of event types names, alone and in lists', async () => {
    const types = Object.keys(EVENT_TYPES);
    for (const type of types)
      expect({ type, status: (await test.get(`/events?limit=1&type=${type}`)).status }).toEqual({ type, status: 200 });
    expect((await test.get(`/events?limit=1&type[in]=${types.slice(0, 20).join(',')}`)).status).toBe(200);
    expect((await test.get(`/events?limit=1&type[nin]=${types.slice(-20).join(',')}`)).status).toBe(200);
  });
});

describe('cancelling an order twice', () => {
  it('says the order is already canceled, not that fulfilment has started', async () => {
    const company = await createCompany(c.test_key);
    const order = await test.post(`/companies/${company.id}/service-orders`, { product_key: 'ein_application' });
    expect(order.status).toBe(201);
    expect((await test.post(`/service-orders/${order.body.id}/cancel`, {})).body.status).toBe('canceled');
    const again = await test.post(`/service-orders/${order.body.id}/cancel`, {});
    const canceledAt = (await test.get(`/service-orders/${order.body.id}`)).body.canceled_at;
    expect(again.body.detail).toBe(`The order is already canceled (since ${canceledAt}).`);
    expect(refusedAt(again, '$.status')).toEqual({
      reason: `The order is already canceled (since ${canceledAt}).`,
      location: '$.status',
      validation_type: 'state',
      how_to_fix: `Nothing more to cancel: its credit, if it was billed, was issued when it was canceled. To have the product again, order it anew with POST /v1/companies/${company.id}/service-orders and {"product_key": "ein_application"}.`,
    });
    expect(again.body.detail).not.toMatch(/fulfilment/i);
  });

  it('an order whose fulfilment started says so, with what to do instead', async () => {
    const company = await createCompany(c.test_key);
    const order = (await test.post(`/companies/${company.id}/service-orders`, { product_key: 'ein_application' })).body;
    expect((await test.post(`/sandbox/service-orders/${order.id}/start`, {})).status).toBe(200);
    const refused = await test.post(`/service-orders/${order.id}/cancel`, {});
    expect(refusedAt(refused, '$.status')).toMatchObject({
      reason: 'The order is in_progress: fulfilment has started, and only a received or quote_pending order can be canceled.',
      how_to_fix: `Write to support quoting ${order.id} to stop the work; a started order is settled by hand, not through the API.`,
    });
  });
});

describe('a/an before a word', () => {
  it('an accepted filing cannot move back', async () => {
    const company = await createCompany(c.test_key);
    await test.post(`/sandbox/companies/${company.id}/entitlements`, { kind: 'federal_tax_filing', delta: 1 });
    const filing = (await test.post(`/sandbox/companies/${company.id}/tax-filings`, { kind: 'federal', year: 2025 })).body;
    for (const status of ['filed', 'accepted'])
      expect((await test.post(`/sandbox/tax-filings/${filing.id}/advance`, { status })).body.status).toBe(status);
    const refused = await test.post(`/sandbox/tax-filings/${filing.id}/advance`, { status: 'in_progress' });
    expect(refused.body.detail).toBe('An accepted filing cannot move to in_progress.');
    expect(refusedAt(refused, '$.status').how_to_fix).toBe('Nothing more to move: accepted is final.');
    await test.post(`/sandbox/companies/${company.id}/entitlements`, { kind: 'federal_tax_filing', delta: 1 });
    const open = (await test.post(`/sandbox/companies/${company.id}/tax-filings`, { kind: 'federal', year: 2024 })).body;
    const back = await test.post(`/sandbox/tax-filings/${open.id}/advance`, { status: 'accepted' });
    expect(back.body.detail).toBe('An open filing cannot move to accepted.');
    expect(refusedAt(back, '$.status').how_to_fix).toBe(
      'Move it forward (open → in_progress → filed → accepted or rejected), such as {"status": "in_progress"}.',
    );
  });

  it('an llc ending mismatch reads "an llc"', async () => {
    const res = await test.post('/companies', {
      name: `Acme ${uniqueWord()}`,
      state: 'WY',
      entity_type: 'llc',
      ending: 'inc',
      account: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    });
    expect(refusedAt(res, '$.ending')).toEqual({
      reason: 'is not an ending of an llc',
      location: '$.ending',
      validation_type: 'enum',
      how_to_fix: 'For entity_type llc send one of llc, l_l_c, limited_liability_company, such as "ending": "llc".',
    });
  });
});
