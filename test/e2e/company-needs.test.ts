import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { freshPartner } from '../support/event-log';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { aPdf, eventsOf, sandbox, uploadFile } from '../support/lifecycle';
import { createTestEndpoint, eventually, WAIT_MS, startReceiver } from '../support/webhooks';

const c = useStackDatabase();
jest.setTimeout(120_000); // multi-step flows over HTTP on a shared machine
// The stack's master key (webhook secrets are sealed with it).
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
/** Each event validates against its type's schema in events-schema/. */
function expectValid(events: any[]) {
  for (const event of events) {
    if (!validators.has(event.type))
      validators.set(
        event.type,
        ajv.compile(JSON.parse(readFileSync(join(__dirname, '..', '..', 'events-schema', 'events', `${event.type}.json`), 'utf8'))),
      );
    const validate = validators.get(event.type)!;
    const valid = validate(event);
    expect({ type: event.type, errors: valid ? null : ajv.errorsText(validate.errors) }).toEqual({ type: event.type, errors: null });
  }
}

const owners = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    anOwner({
      first_name: `Owner${'abcdefghijklmnopqrstuvwxy'[i]}`,
      last_name: 'Example',
      ownership_percentage: Math.round(10_000 / n) / 100,
      main_incorporator: i === 0,
    }),
  );
const types = (events: any[]) => events.map((e) => e.type);

describe('a new company says what it needs: one identity-document requirement per owner without a document', () => {
  let p: Awaited<ReturnType<typeof freshPartner>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret: string;

  beforeAll(async () => {
    p = await freshPartner('Company needs partner');
    receiver = await startReceiver();
    secret = (await createTestEndpoint({ partnerId: p.partnerId, mode: 'test', url: receiver.url, enabledEvents: ['requirement.*'] }))
      .secret;
  });
  afterAll(() => receiver.close());

  it('creation answers requires_information with the open requirements; the list, GET /events and webhooks agree', async () => {
    const key = p.testKey;
    // An owner whose document was uploaded before (for another company) is not asked again.
    const earlier = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    const upload = await uploadFile(
      key,
      { purpose: 'identity_document', company: earlier.id, shareholder: earlier.shareholders[0].id },
      { bytes: aPdf(), name: 'passport.pdf', type: 'application/pdf' },
    );
    expect(upload.status).toBe(201);
    const body = anLlc({
      shareholders: [
        anOwner({ first_name: 'Ada', last_name: 'Lovelace', ownership_percentage: 50 }),
        anOwner({ first_name: 'Alan', last_name: 'Turing', ownership_percentage: 30, main_incorporator: false }),
        anOwner({ first_name: 'Grace', last_name: 'Hopper', ownership_percentage: 20, main_incorporator: false, passport: upload.body.id }),
      ],
    });
    const company = await createCompany(key, body, {}, '?expand[]=requirements');
    const [ada, alan, grace] = company.shareholders;
    expect(company).toMatchObject({ status: 'requires_information', verification: 'pending', open_requirements: 2 });
    expect(company.requirements).toHaveLength(2);
    for (const owner of [ada, alan]) {
      expect(company.requirements.find((r: any) => r.shareholder === owner.id)).toMatchObject({
        object: 'requirement',
        company: company.id,
        type: 'document',
        purpose: 'identity_document',
        shareholder: owner.id,
        status: 'open',
        requested_by: 'system',
        livemode: false,
        message: `An identity document (passport or other government ID) of ${owner.first_name} ${owner.last_name} is needed before the company can be filed.`,
      });
    }
    expect(company.requirements.some((r: any) => r.shareholder === grace.id)).toBe(false);

    // The single fetch, the requirement list and each requirement say the same.
    const read = (await api(key).get(`/companies/${company.id}?expand[]=requirements`)).body;
    expect(read.open_requirements).toBe(2);
    expect(read.requirements).toEqual(company.requirements);
    expect((await api(key).get(`/companies/${company.id}/requirements`)).body.items).toEqual(company.requirements);
    for (const r of company.requirements) expect((await api(key).get(`/requirements/${r.id}`)).body).toEqual(r);

    // GET /events: the requirements are opened right after the creation's own events, each with its event.
    const events = await eventsOf(key, company.id);
    expect(types(events)).toEqual([
      'company.created',
      'service_order.status.changed',
      'service_order.status.changed',
      'requirement.created',
      'requirement.created',
    ]);
    expect(
      events
        .slice(3)
        .map((e) => e.data.object)
        .sort((a, b) => (a.id < b.id ? -1 : 1)),
    ).toEqual([...company.requirements].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expectValid(events);

    // Webhooks: the same events, signed, as GET /events has them.
    const created = events.slice(3);
    await eventually(() => created.every((e) => receiver.ids().includes(e.id)), WAIT_MS, 'requirement.created deliveries');
    const wh = new Webhook(secret);
    for (const e of created) {
      const delivery = receiver.deliveries.find((d) => d.headers['webhook-id'] === e.id)!;
      expect(wh.verify(delivery.body, delivery.headers as Record<string, string>)).toEqual(e);
    }
  });

  it("an owner's upload resolves that owner's requirement; the sandbox verify resolves the rest and verifies once", async () => {
    const key = p.testKey;
    const company = await createCompany(key, anLlc({ shareholders: owners(3) }));
    expect(company.open_requirements).toBe(3);
    const [first, second, third] = company.shareholders;
    const seen = (await eventsOf(key, company.id)).length;

    // Each owner's upload is that owner's document: it resolves that owner's requirement in the same write.
    const up = await uploadFile(
      key,
      { purpose: 'identity_document', company: company.id, shareholder: first.id },
      { bytes: aPdf(), name: 'passport.pdf', type: 'application/pdf' },
    );
    expect(up.status).toBe(201);
    const afterUpload = (await api(key).get(`/companies/${company.id}?expand[]=requirements`)).body;
    expect(afterUpload.open_requirements).toBe(2);
    expect(afterUpload.requirements.map((r: any) => r.shareholder).sort()).toEqual([second.id, third.id].sort());
    const secondRequirement = afterUpload.requirements.find((r: any) => r.shareholder === second.id);
    const doc = await uploadFile(
      key,
      { purpose: 'identity_document', company: company.id, shareholder: second.id },
      { bytes: aPdf('Second passport'), name: 'passport.pdf', type: 'application/pdf' },
    );
    expect((await api(key).get(`/requirements/${secondRequirement.id}`)).body).toMatchObject({
      status: 'resolved',
      response: { file: doc.body.id },
    });

    const verified = await sandbox(key).company(company.id, 'verify');
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: 'in_progress', verification: 'verified', open_requirements: 0 });
    const history = (await api(key).get(`/companies/${company.id}/requirements`)).body.items;
    expect(history).toHaveLength(3);
    expect(history.every((r: any) => r.status === 'resolved' && r.response?.file)).toBe(true);

    const events = (await eventsOf(key, company.id)).slice(seen);
    expect(types(events)).toEqual([
      'company.document.received',
      'requirement.fulfilled',
      'company.document.received',
      'requirement.fulfilled',
      'company.document.received',
      'requirement.fulfilled',
      'company.status.changed',
      'company.verified',
      'service_order.status.changed',
    ]);
    expect(events[1].data.object).toMatchObject({ shareholder: first.id, status: 'resolved', response: { file: up.body.id } });
    expect(events[5].data.object).toMatchObject({ shareholder: third.id, status: 'resolved' });
    expectValid(events);
  });

  it('25 owners: 25 requirements at creation; the sandbox verify resolves all 25 and verifies once', async () => {
    const key = p.testKey;
    const company = await createCompany(key, anLlc({ shareholders: owners(25) }));
    expect(company.open_requirements).toBe(25);
    const created = (await api(key).get(`/events?company_id=${company.id}&type=requirement.created&limit=1`)).body;
    expect(created.page.total).toBe(25);
    const read = (await api(key).get(`/companies/${company.id}?expand[]=requirements`)).body;
    expect(new Set(read.requirements.map((r: any) => r.shareholder))).toEqual(new Set(company.shareholders.map((s: any) => s.id)));

    const verified = await sandbox(key).company(company.id, 'verify');
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: 'in_progress', verification: 'verified', open_requirements: 0 });
    const count = async (type: string) => (await api(key).get(`/events?company_id=${company.id}&type=${type}&limit=1`)).body.page.total;
    expect(await count('company.document.received')).toBe(25);
    expect(await count('requirement.fulfilled')).toBe(25);
    expect(await count('company.verified')).toBe(1);
    const events = await eventsOf(key, company.id);
    expect(types(events).slice(-3)).toEqual(['company.status.changed', 'company.verified', 'service_order.status.changed']);
    expectValid(events);
  });

  it('25 owners: dissolving closes every open requirement, with its event, and the company once', async () => {
    const key = p.testKey;
    const company = await createCompany(key, anLlc({ shareholders: owners(25) }));
    const seen = (await eventsOf(key, company.id)).length;
    const res = await sandbox(key).company(company.id, 'dissolve');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'dissolved', open_requirements: 0 });
    const history = (await api(key).get(`/companies/${company.id}/requirements`)).body.items;
    expect(history).toHaveLength(25);
    expect(history.every((r: any) => r.status === 'canceled' && r.cancel_reason === 'The company was dissolved.')).toBe(true);
    const events = (await eventsOf(key, company.id)).slice(seen);
    expect(events.filter((e) => e.type === 'requirement.canceled')).toHaveLength(25);
    expect(types(events).filter((t) => t === 'company.dissolved')).toHaveLength(1);
    expect(events.at(-1).type).toBe('company.dissolved');
    expectValid(events);
  });

  it("25 owners: cancelling the formation closes every open requirement with the formation's reason", async () => {
    const key = p.testKey;
    const company = await createCompany(key, anLlc({ shareholders: owners(25) }), {}, '?expand[]=service_orders');
    const formation = company.service_orders.find((o: any) => o.product_key === 'formation');
    const res = await api(key).post(`/service-orders/${formation.id}/cancel`, {});
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('canceled');
    const read = (await api(key).get(`/companies/${company.id}`)).body;
    expect(read).toMatchObject({ status: 'cancelled', open_requirements: 0 });
    const history = (await api(key).get(`/companies/${company.id}/requirements`)).body.items;
    expect(history.every((r: any) => r.status === 'canceled' && r.cancel_reason === "The company's formation was cancelled.")).toBe(true);
    expect(history).toHaveLength(25);
  });

  it('a pre_existing company also asks for its owners’ documents; a company without owners has nothing to ask', async () => {
    const key = p.testKey;
    const existing = await createCompany(
      key,
      anLlc({
        pre_existing: true,
        address: { line1: '1 Main St', city: 'Cheyenne', state: 'WY', postal_code: '82001' },
        shareholders: owners(2),
      }),
    );
    expect(existing.open_requirements).toBe(2);
    const bare = await createCompany(key, anLlc());
    expect(bare.open_requirements).toBe(0);
    expect(types(await eventsOf(key, bare.id))).not.toContain('requirement.created');
  });

  it('a replayed creation (same Idempotency-Key) answers the same requirements and opens nothing twice', async () => {
    const key = p.testKey;
    const body = anLlc({ shareholders: owners(2) });
    const headers = { 'Idempotency-Key': `needs-${Date.now()}-${Math.random()}` };
    const first = await api(key).post('/companies?expand[]=requirements', body, headers);
    const again = await api(key).post('/companies?expand[]=requirements', body, headers);
    expect(first.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(first.body.open_requirements).toBe(2);
    expect((await api(key).get(`/companies/${first.body.id}/requirements`)).body.items).toEqual(first.body.requirements);
    expect(c.base_url).toBeTruthy();
  });
});

describe('the formation order follows the formation', () => {
  let p: Awaited<ReturnType<typeof freshPartner>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret: string;

  beforeAll(async () => {
    p = await freshPartner('Formation order partner');
    receiver = await startReceiver();
    secret = (await createTestEndpoint({ partnerId: p.partnerId, mode: 'test', url: receiver.url, enabledEvents: ['service_order.*'] }))
      .secret;
  });
  afterAll(() => receiver.close());

  const formationOf = async (key: string, companyId: string) =>
    (await api(key).get(`/companies/${companyId}/service-orders`)).body.items.find((o: any) => o.product_key === 'formation');

  it("in_progress once the company is submitted (its owner's upload), completed with service_order.completed at incorporation; GET /events and webhooks agree", async () => {
    const key = p.testKey;
    const company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    expect((await formationOf(key, company.id)).status).toBe('received');
    const seen = (await eventsOf(key, company.id)).length;

    const up = await uploadFile(
      key,
      { purpose: 'identity_document', company: company.id, shareholder: company.shareholders[0].id },
      { bytes: aPdf(), name: 'passport.pdf', type: 'application/pdf' },
    );
    expect(up.status).toBe(201);
    const started = await formationOf(key, company.id);
    expect(started).toMatchObject({ status: 'in_progress', workflow_status: 'in_preparation', form_required: false });
    expect((await api(key).get(`/companies/${company.id}`)).body).toMatchObject({ status: 'in_progress', verification: 'verified' });

    for (const stage of ['documents_generated', 'submitted_to_state'])
      expect((await sandbox(key).company(company.id, 'stage', { stage })).status).toBe(200);
    const active = await sandbox(key).company(company.id, 'incorporate');
    expect(active.status).toBe(200);
    const completed = await formationOf(key, company.id);
    expect(completed).toMatchObject({ status: 'completed', workflow_status: 'completed', completed_at: active.body.incorporated_at });
    expect((await api(key).get(`/service-orders/${completed.id}`)).body).toMatchObject({ status: 'completed' });

    const events = (await eventsOf(key, company.id)).slice(seen);
    expect(types(events)).toEqual([
      'company.document.received',
      'requirement.fulfilled',
      'company.status.changed',
      'company.verified',
      'service_order.status.changed',
      'company.status.changed',
      'company.status.changed',
      'company.status.changed',
      'company.incorporated',
      'service_order.status.changed',
      'service_order.completed',
    ]);
    expect(events[4].data.object).toEqual(started);
    expect(events[9].data.object).toEqual(completed);
    expect(events[10].data.object).toEqual(completed);
    expectValid(events);
    const orderEvents = events.filter((e) => e.type.startsWith('service_order.'));
    await eventually(() => orderEvents.every((e) => receiver.ids().includes(e.id)), WAIT_MS, 'service_order deliveries');
    const wh = new Webhook(secret);
    for (const e of orderEvents) {
      const delivery = receiver.deliveries.find((d) => d.headers['webhook-id'] === e.id)!;
      expect(wh.verify(delivery.body, delivery.headers as Record<string, string>)).toEqual(e);
    }

    // Completion is once: a second completion of the order is refused and fires nothing.
    const again = await api(key).post(`/sandbox/service-orders/${completed.id}/complete`, {});
    expect(again.status).toBe(400);
    expect((await api(key).get(`/events?company_id=${company.id}&type=service_order.completed&limit=1`)).body.page.total).toBe(1);
  });

  it('a formation order the operator already started is not moved again at verification; a company without owners moves it at the sandbox verify', async () => {
    const key = p.testKey;
    const company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    const formation = await formationOf(key, company.id);
    expect((await api(key).post(`/sandbox/service-orders/${formation.id}/start`, {})).status).toBe(200);
    const seen = (await eventsOf(key, company.id)).length;
    expect((await sandbox(key).company(company.id, 'verify')).status).toBe(200);
    expect(types((await eventsOf(key, company.id)).slice(seen))).toEqual([
      'company.document.received',
      'requirement.fulfilled',
      'company.status.changed',
      'company.verified',
    ]);

    const bare = await createCompany(key, anLlc());
    expect((await sandbox(key).company(bare.id, 'verify')).status).toBe(200);
    expect((await formationOf(key, bare.id)).status).toBe('in_progress');
  });
});

describe('dissolution settles every unfulfilled order', () => {
  it('canceled with the credit the spec gives (before fulfilment), without one in fulfilment; a spent right stays; GET /events, webhooks and the invoice agree', async () => {
    const p = await freshPartner('Dissolution settlement partner');
    const receiver = await startReceiver();
    try {
      const secret = (
        await createTestEndpoint({
          partnerId: p.partnerId,
          mode: 'test',
          url: receiver.url,
          enabledEvents: ['service_order.*', 'company.*'],
        })
      ).secret;
      const key = p.testKey;
      const company = await createCompany(
        key,
        anLlc({
          shareholders: [anOwner()],
          services: ['ein_application', 'bookkeeping', 'trademark_registration', 'federal_tax_filing', 'state_tax_filing'],
        }),
        {},
        '?expand[]=service_orders',
      );
      const byKey = (k: string) => company.service_orders.find((o: any) => o.product_key === k);
      // The EIN application is in fulfilment; the federal filing right is spent on a filing.
      expect((await api(key).post(`/sandbox/service-orders/${byKey('ein_application').id}/start`, {})).status).toBe(200);
      expect((await api(key).post(`/sandbox/companies/${company.id}/tax-filings`, { kind: 'federal', year: 2026 })).status).toBe(201);
      const seen = (await eventsOf(key, company.id)).length;

      const res = await sandbox(key).company(company.id, 'dissolve');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'dissolved', entitlements: { federal_tax_filing: 0, state_tax_filing: 0 } });
      const after = (await api(key).get(`/companies/${company.id}/service-orders`)).body.items;
      const now = (k: string) => after.find((o: any) => o.product_key === k);
      for (const k of ['formation', 'registered_agent', 'bookkeeping', 'trademark_registration', 'state_tax_filing', 'ein_application']) {
        expect({ k, ...now(k) }).toMatchObject({ k, status: 'canceled', canceled_at: res.body.dissolved_at });
      }
      // Its right was used on a filing: nothing to reverse, so the order stands.
      expect(now('federal_tax_filing').status).toBe('received');

      const events = (await eventsOf(key, company.id)).slice(seen);
      const moved = events.filter((e) => e.type === 'service_order.status.changed');
      expect(moved.map((e) => e.data.object.product_key).sort()).toEqual([
        'bookkeeping',
        'ein_application',
        'formation',
        'registered_agent',
        'state_tax_filing',
        'trademark_registration',
      ]);
      expect(types(events)).toContain('company.entitlements.changed');
      expect(types(events).slice(-2)).toEqual(['company.status.changed', 'company.dissolved']);
      expectValid(events);
      await eventually(() => moved.every((e) => receiver.ids().includes(e.id)), WAIT_MS, 'settlement deliveries');
      const wh = new Webhook(secret);
      for (const e of moved) {
        const delivery = receiver.deliveries.find((d) => d.headers['webhook-id'] === e.id)!;
        expect(wh.verify(delivery.body, delivery.headers as Record<string, string>)).toEqual(e);
      }

      // The month's invoice: every order canceled before fulfilment nets to zero; the one in fulfilment is not credited.
      const today = new Date();
      const run = await api(key).post('/sandbox/billing/run', {
        as_of: new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1)).toISOString(),
      });
      expect(run.status).toBe(200);
      const lines = (await api(key).get(`/invoices/${run.body.invoice.id}`)).body.lines as any[];
      const net = (k: string) => lines.filter((l) => l.service_order === now(k).id).reduce((n, l) => n + l.amount, 0);
      for (const k of ['formation', 'registered_agent', 'bookkeeping', 'state_tax_filing'])
        expect({ k, net: net(k) }).toEqual({ k, net: 0 });
      expect(lines.filter((l) => l.service_order === now('ein_application').id && l.kind === 'credit')).toEqual([]);
      expect(net('ein_application')).toBeGreaterThan(0);
      expect(net('federal_tax_filing')).toBeGreaterThan(0);
    } finally {
      await receiver.close();
    }
  });

  it('25 owners with an order each: every order and every requirement settled, the company dissolved once', async () => {
    const p = await freshPartner('Large dissolution partner');
    const key = p.testKey;
    const company = await createCompany(key, anLlc({ shareholders: owners(25) }));
    for (const owner of company.shareholders) {
      const ordered = await api(key).post(`/companies/${company.id}/service-orders`, {
        product_key: 'itin_application',
        shareholder: owner.id,
      });
      expect(ordered.status).toBe(201);
    }
    const res = await sandbox(key).company(company.id, 'dissolve');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'dissolved', open_requirements: 0 });
    const orders = (await api(key).get(`/companies/${company.id}/service-orders`)).body.items;
    expect(orders).toHaveLength(27);
    expect(orders.filter((o: any) => o.status !== 'canceled')).toEqual([]);
    const count = async (type: string) => (await api(key).get(`/events?company_id=${company.id}&type=${type}&limit=1`)).body.page.total;
    expect(await count('requirement.canceled')).toBe(25);
    expect(await count('company.dissolved')).toBe(1);
    // Creation and cancel of each order.
    expect(await count('service_order.status.changed')).toBe(2 * 27);
  });
});
