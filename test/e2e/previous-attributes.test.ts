import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { Webhook } from 'standardwebhooks';
import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { freshPartner } from '../support/event-log';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { eventsOf, sandbox } from '../support/lifecycle';
import { createTestEndpoint, eventually, startReceiver } from '../support/webhooks';
import { EVENT_TYPES, isChangeEvent } from '../../lib/resources/event';

/**
 * Change events carry `data.previous_attributes`: the fields of `data.object` the change moved, with
 * their values before it (docs/decisions.md, "Event schemas and OpenAPI"). A company is walked through its changes by the sandbox
 * triggers; each change event is read from GET /events, compared field by field with the company (or
 * order, requirement, filing) as it was before, and received by a webhook endpoint byte for byte.
 */
useStackDatabase();
jest.setTimeout(120_000); // multi-step flows over HTTP on a shared machine
// The stack's master key (webhook secrets are sealed with it).
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
/** Each event validates against its type's schema in events-schema/ (previous_attributes included). */
function expectValid(event: any) {
  const schema = JSON.parse(readFileSync(join(__dirname, '..', '..', 'events-schema', 'events', `${event.type}.json`), 'utf8'));
  const validate = ajv.compile(schema);
  const valid = validate(event);
  expect({ type: event.type, errors: valid ? null : ajv.errorsText(validate.errors) }).toEqual({ type: event.type, errors: null });
}

describe('change events say what they changed, in the log and in deliveries alike', () => {
  let p: Awaited<ReturnType<typeof freshPartner>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let secret: string;
  let key: string;
  let company: any;
  let seen = 0;
  /** Every event of the walk, oldest first. */
  const all: any[] = [];
  /** The company's events since the last call, oldest first (kept in `all`). */
  const fresh = async () => {
    const log = await eventsOf(key, company.id);
    const out = log.slice(seen);
    seen = log.length;
    all.push(...out);
    return out;
  };
  const one = (events: any[], type: string) => {
    const found = events.filter((e) => e.type === type);
    expect(found).toHaveLength(1);
    return found[0];
  };
  const read = async (path: string) => (await api(key).get(path)).body;

  beforeAll(async () => {
    p = await freshPartner('Previous attributes partner');
    key = p.testKey;
    receiver = await startReceiver();
    secret = (await createTestEndpoint({ partnerId: p.partnerId, mode: 'test', url: receiver.url })).secret;
    company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    await fresh();
  });
  afterAll(() => receiver.close());

  it('an order created shows {status: null}; a company.created carries none', async () => {
    expect(one(all, 'company.created').data).not.toHaveProperty('previous_attributes');
    const created = all.filter((e) => e.type === 'service_order.status.changed');
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const e of created) expect(e.data.previous_attributes).toEqual({ status: null });
  });

  it('verification: company.status.changed shows the status, verification and verified_at before; the order started shows its status before', async () => {
    const before = await read(`/companies/${company.id}`);
    const orderBefore = (await read(`/companies/${company.id}/service-orders`)).items.find((o: any) => o.product_key === 'formation');
    expect((await sandbox(key).company(company.id, 'verify')).status).toBe(200);
    const events = await fresh();
    expect(one(events, 'company.status.changed').data.previous_attributes).toEqual({
      status: before.status,
      verification: before.verification,
      verified_at: null,
    });
    expect(one(events, 'company.verified').data).not.toHaveProperty('previous_attributes');
    const fulfilled = one(events, 'requirement.fulfilled');
    expect(fulfilled.data.previous_attributes).toEqual({ status: 'open', resolved_at: null, response: null });
    const started = one(events, 'service_order.status.changed');
    expect(started.data.object.id).toBe(orderBefore.id);
    expect(started.data.previous_attributes).toMatchObject({ status: orderBefore.status });
    for (const [field, was] of Object.entries(started.data.previous_attributes))
      expect({ field, was }).toEqual({ field, was: orderBefore[field] ?? null });
  });

  it('a stage move shows the stage before; incorporation each stage it walked, then the status and dates', async () => {
    expect((await sandbox(key).company(company.id, 'stage', { stage: 'documents_generated' })).status).toBe(200);
    const moved = await fresh();
    expect(one(moved, 'company.status.changed').data.previous_attributes).toEqual({ stage: 'preparing_documents' });

    expect((await sandbox(key).company(company.id, 'incorporate')).status).toBe(200);
    const events = await fresh();
    const changes = events.filter((e) => e.type === 'company.status.changed').map((e) => e.data.previous_attributes);
    expect(changes).toEqual([
      { stage: 'documents_generated' },
      { status: 'in_progress', stage: 'submitted_to_state', incorporated_at: null, incorporation_date: null },
    ]);
    expect(one(events, 'company.incorporated').data).not.toHaveProperty('previous_attributes');
    const completed = one(events, 'service_order.status.changed');
    expect(completed.data.previous_attributes).toMatchObject({ status: 'in_progress', completed_at: null });
  });

  it('company.updated shows only the identity fields it moved', async () => {
    const before = await read(`/companies/${company.id}`);
    expect(before).not.toHaveProperty('industry');
    expect((await sandbox(key).company(company.id, 'update', { industry: 'software' })).status).toBe(200);
    const updated = one(await fresh(), 'company.updated');
    expect(updated.data.previous_attributes).toEqual({ industry: null });
    expect(updated.data.object.industry).toBe('software');

    expect((await sandbox(key).company(company.id, 'update', { industry: 'consulting' })).status).toBe(200);
    const again = one(await fresh(), 'company.updated');
    expect(again.data.previous_attributes).toEqual({ industry: 'software' });
  });

  it('a tax filing advanced shows its status and progress before', async () => {
    await api(key).post(`/sandbox/companies/${company.id}/entitlements`, { kind: 'federal_tax_filing', delta: 1 });
    const filing = (await api(key).post(`/sandbox/companies/${company.id}/tax-filings`, { kind: 'federal', year: 2025 })).body;
    expect((await api(key).post(`/sandbox/tax-filings/${filing.id}/advance`, {})).status).toBe(200);
    const events = await fresh();
    const moved = one(events, 'tax_filing.status.changed');
    expect(moved.data.previous_attributes).toEqual({ status: filing.status, progress: filing.progress });
    expect(moved.data.object.status).not.toBe(filing.status);
  });

  it('a name changed out of a conflict: company.name.changed shows the name before; the stage back shows name_conflict', async () => {
    const forming = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    const seenBefore = (await eventsOf(key, forming.id)).length;
    expect((await sandbox(key).company(forming.id, 'name-conflict')).status).toBe(200);
    const open = (await read(`/companies/${forming.id}/requirements`)).items.find((r: any) => r.type === 'name_change');
    const res = await api(key).post(`/requirements/${open.id}/fulfill`, { name: `${forming.name} Two` });
    expect(res.status).toBe(200);
    const events = (await eventsOf(key, forming.id)).slice(seenBefore);
    all.push(...events);
    const [conflict, back] = events.filter((e) => e.type === 'company.status.changed');
    expect(conflict.data.previous_attributes).toEqual({ stage: 'preparing_documents' });
    const renamed = one(events, 'company.name.changed');
    expect(renamed.data.previous_attributes).toEqual({ name: forming.name, legal_name: forming.legal_name });
    expect(back.data.previous_attributes).toEqual({ stage: 'name_conflict' });
  });

  it('a reprice: service_order.updated shows the options and price before', async () => {
    const ordered = await api(key).post(`/companies/${company.id}/service-orders`, {
      product_key: 'bookkeeping',
      options: { tier: 'growth' },
    });
    expect(ordered.status).toBe(201);
    await fresh();
    expect((await api(key).post(`/sandbox/service-orders/${ordered.body.id}/reprice`, { options: { tier: 'starter' } })).status).toBe(200);
    const events = await fresh();
    const updated = one(events, 'service_order.updated');
    expect(updated.data.previous_attributes).toMatchObject({ options: { tier: 'growth' }, unit_amount: ordered.body.unit_amount });
    for (const [field, was] of Object.entries(updated.data.previous_attributes))
      expect({ field, was }).toEqual({ field, was: ordered.body[field] ?? null });
  });

  it('a signature declined: requirement.canceled shows the requirement as its viewed event left it', async () => {
    const asked = await api(key).post(`/sandbox/companies/${company.id}/requirements`, {
      type: 'signature',
      document_name: 'Operating Agreement',
      signers: [{ name: 'Grace Hopper', email: 'grace@example.com' }],
    });
    expect(asked.status).toBe(201);
    await fresh();
    expect((await sandbox(key).signer(asked.body.id, 0, 'decline')).status).toBe(200);
    const events = await fresh();
    const viewed = one(events, 'requirement.signature.viewed');
    const canceled = one(events, 'requirement.canceled');
    expect(canceled.data.previous_attributes).toEqual({
      status: 'open',
      canceled_at: null,
      cancel_reason: null,
      signers: viewed.data.object.signers,
    });
    expect(viewed.data.object.signers[0].status).toBe('viewed');
    expect(canceled.data.object.signers[0].status).toBe('declined');
  });

  it('every change event of the walk carries previous_attributes and no other event does; each is valid against events-schema/', () => {
    expect(all.length).toBeGreaterThan(10);
    for (const e of all) {
      expect({ type: e.type, carries: 'previous_attributes' in e.data }).toEqual({ type: e.type, carries: isChangeEvent(e.type) });
      expect(Object.keys(e.data).sort()).toEqual(isChangeEvent(e.type) ? ['object', 'previous_attributes'] : ['object']);
      if (isChangeEvent(e.type)) expect(Object.keys(e.data.previous_attributes).length).toBeGreaterThan(0);
      expectValid(e);
    }
    const changeTypes = Object.keys(EVENT_TYPES).filter(isChangeEvent).sort();
    expect(changeTypes).toEqual([
      'company.name.changed',
      'company.status.changed',
      'company.updated',
      'requirement.canceled',
      'requirement.fulfilled',
      'service_order.status.changed',
      'service_order.updated',
      'tax_filing.status.changed',
    ]);
  });

  it('webhook deliveries carry the same previous_attributes, byte for byte the event of the log', async () => {
    const changes = all.filter((e) => isChangeEvent(e.type));
    await eventually(() => changes.every((e) => receiver.ids().includes(e.id)), 30_000, 'the change events delivered');
    const wh = new Webhook(secret);
    for (const e of changes) {
      const delivery = receiver.deliveries.find((d) => d.headers['webhook-id'] === e.id)!;
      const delivered = wh.verify(delivery.body, delivery.headers as Record<string, string>) as any;
      expect(delivered).toEqual(e);
      expect(delivered.data.previous_attributes).toEqual(e.data.previous_attributes);
    }
  });
});
