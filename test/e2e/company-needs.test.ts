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
import { createTestEndpoint, eventually, startReceiver } from '../support/webhooks';

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
    if (!validators.has(event.type)) validators.set(event.type, ajv.compile(JSON.parse(readFileSync(join(__dirname, '..', '..', 'events-schema', 'events', `${event.type}.json`), 'utf8'))));
    const validate = validators.get(event.type)!;
    const valid = validate(event);
    expect({ type: event.type, errors: valid ? null : ajv.errorsText(validate.errors) }).toEqual({ type: event.type, errors: null });
  }
}

const owners = (n: number) => Array.from({ length: n }, (_, i) => anOwner({ first_name: `Owner${'abcdefghijklmnopqrstuvwxy'[i]}`, last_name: 'Example', ownership_percentage: 4, main_incorporator: i === 0 }));
const types = (events: any[]) => events.map((e) => e.type);

describe('a new company says what it needs: one identity-document requirement per owner without a document', () => {
  let p: Awaited<ReturnType<typeof freshPartner>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret: string;

  beforeAll(async () => {
    p = await freshPartner('Company needs partner');
    receiver = await startReceiver();
    secret = (await createTestEndpoint({ partnerId: p.partnerId, mode: 'test', url: receiver.url, enabledEvents: ['requirement.*'] })).secret;
  });
  afterAll(() => receiver.close());

  it('creation answers requires_information with the open requirements; the list, GET /events and webhooks agree', async () => {
    const key = p.testKey;
    // An owner whose document was uploaded before (for another company) is not asked again.
    const earlier = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    const upload = await uploadFile(key, { purpose: 'identity_document', company: earlier.id, shareholder: earlier.shareholders[0].id }, { bytes: aPdf(), name: 'passport.pdf', type: 'application/pdf' });
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
    expect(types(events)).toEqual(['company.created', 'service_order.status.changed', 'service_order.status.changed', 'requirement.created', 'requirement.created']);
    expect(events.slice(3).map((e) => e.data.object).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual([...company.requirements].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expectValid(events);

    // Webhooks: the same events, signed, as GET /events has them.
    const created = events.slice(3);
    await eventually(() => created.every((e) => receiver.ids().includes(e.id)), 20_000, 'requirement.created deliveries');
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
    const up = await uploadFile(key, { purpose: 'identity_document', company: company.id, shareholder: first.id }, { bytes: aPdf(), name: 'passport.pdf', type: 'application/pdf' });
    expect(up.status).toBe(201);
    const afterUpload = (await api(key).get(`/companies/${company.id}?expand[]=requirements`)).body;
    expect(afterUpload.open_requirements).toBe(2);
    expect(afterUpload.requirements.map((r: any) => r.shareholder).sort()).toEqual([second.id, third.id].sort());
    const secondRequirement = afterUpload.requirements.find((r: any) => r.shareholder === second.id);
    const doc = await uploadFile(key, { purpose: 'identity_document', company: company.id, shareholder: second.id }, { bytes: aPdf('Second passport'), name: 'passport.pdf', type: 'application/pdf' });
    expect((await api(key).get(`/requirements/${secondRequirement.id}`)).body).toMatchObject({ status: 'resolved', response: { file: doc.body.id } });

    const verified = await sandbox(key).company(company.id, 'verify');
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ status: 'in_progress', verification: 'verified', open_requirements: 0 });
    const history = (await api(key).get(`/companies/${company.id}/requirements`)).body.items;
    expect(history).toHaveLength(3);
    expect(history.every((r: any) => r.status === 'resolved' && r.response?.file)).toBe(true);

    const events = (await eventsOf(key, company.id)).slice(seen);
    expect(types(events)).toEqual([
      'company.document.received', 'requirement.fulfilled',
      'company.document.received', 'requirement.fulfilled',
      'company.document.received', 'requirement.fulfilled', 'company.verified',
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
    expect(events.at(-1).type).toBe('company.verified');
    expectValid(events.filter((e) => e.type !== 'service_order.status.changed'));
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
    expectValid(events.filter((e) => !e.type.startsWith('service_order.')));
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
    const existing = await createCompany(key, anLlc({ pre_existing: true, address: { line1: '1 Main St', city: 'Cheyenne', state: 'WY', postal_code: '82001' }, shareholders: owners(2) }));
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
