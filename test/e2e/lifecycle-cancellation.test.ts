import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { eventsOf } from '../support/lifecycle';
import { aFreshPartner } from '../support/partners';

/**
 * "Moves into cancelled: not shown" (spec Company status); our decision (docs/decisions.md,
 * Lifecycle): canceling the formation order before its fulfilment starts cancels the company.
 */
const c = useStackDatabase();
jest.setTimeout(90_000);
const key = c.test_key;

const ordersOf = async (companyId: string) => (await api(key).get(`/companies/${companyId}/service-orders`)).body.items as any[];
const formationOf = (orders: any[]) => orders.find((o) => o.product_key === 'formation');

describe('cancelling a company before it is formed', () => {
  let company: any;
  let requirement: any;
  let started: any;

  beforeAll(async () => {
    company = await createCompany(key, anLlc({ shareholders: [anOwner()], services: ['ein_application', 'bookkeeping'] }));
    requirement = (
      await api(key).post(`/sandbox/companies/${company.id}/requirements`, { type: 'information', message: 'Describe the business.' })
    ).body;
    const taken = await api(key).post('/companies', anLlc({ name: company.name, state: company.state }));
    expect([taken.status, taken.body.errors?.[0]?.location]).toEqual([400, '$.name']);
    // Bookkeeping's fulfilment has started: it cannot be canceled, it can only stop renewing.
    started = (await ordersOf(company.id)).find((o) => o.product_key === 'bookkeeping');
    expect((await api(key).post(`/sandbox/service-orders/${started.id}/start`, {})).status).toBe(200);
  });

  it('canceling the formation order cancels the company in one change: orders, credits, requirements, stage, events', async () => {
    const before = await ordersOf(company.id);
    const notStarted = before.filter((o) => o.status === 'received' || o.status === 'quote_pending');
    expect(notStarted.length).toBeGreaterThanOrEqual(3); // formation, registered agent, EIN application
    const seen = (await eventsOf(key, company.id)).length;

    const res = await api(key).post(`/service-orders/${formationOf(before).id}/cancel`, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: formationOf(before).id, status: 'canceled' });

    const now = (await api(key).get(`/companies/${company.id}`)).body;
    expect(now).toMatchObject({ status: 'cancelled', stage: 'closed', open_requirements: 0 });
    expect(now).not.toHaveProperty('dissolved_at');

    const after = await ordersOf(company.id);
    for (const order of notStarted) {
      const read = after.find((o) => o.id === order.id);
      expect({ id: read.id, status: read.status, canceled_at: read.canceled_at }).toEqual({
        id: order.id,
        status: 'canceled',
        canceled_at: res.body.canceled_at,
      });
      expect(read).not.toHaveProperty('next_renewal_at');
    }
    const running = after.find((o) => o.id === started.id);
    expect(running).toMatchObject({ status: 'in_progress', renewal_canceled_at: res.body.canceled_at });

    expect((await api(key).get(`/requirements/${requirement.id}`)).body).toMatchObject({
      status: 'canceled',
      cancel_reason: "The company's formation was cancelled.",
    });

    const events = (await eventsOf(key, company.id)).slice(seen);
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'service_order.status.changed')).toHaveLength(notStarted.length);
    expect(types.filter((t) => t === 'service_order.renewal_canceled')).toHaveLength(1);
    // The information requirement and the owner's identity document, asked for at creation.
    expect(types.filter((t) => t === 'requirement.canceled')).toHaveLength(2);
    expect(types.at(-1)).toBe('company.status.changed');
    expect(events.at(-1).data.object).toMatchObject({ id: company.id, status: 'cancelled', stage: 'closed' });
    // Every event of the cancellation was committed together: in the partner's whole log (no company
    // filter, other suites write to it meanwhile) nothing stands between its first and its last event.
    // Another suite's write may share their millisecond (ties are ordered by sequence), so it can sit
    // before or after them in the span, never among them.
    const span = `created_at[gte]=${encodeURIComponent(events[0].created_at)}&created_at[lte]=${encodeURIComponent(events.at(-1).created_at)}`;
    const between = (await api(key).get(`/events?${span}&sort=created_at&limit=100`)).body.items.map((e: any) => e.id);
    const first = between.indexOf(events[0].id);
    expect(between.slice(first, first + events.length)).toEqual(events.map((e) => e.id));
  });

  it('is not repeatable, and nothing new can be ordered for the company', async () => {
    const formation = formationOf(await ordersOf(company.id));
    const again = await api(key).post(`/service-orders/${formation.id}/cancel`, {});
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalid_request');
    const order = await api(key).post(`/companies/${company.id}/service-orders`, { product_key: 'ein_application' });
    expect(order.status).toBe(400);
    expect(order.body.detail).toContain('cancelled');
  });

  it('frees the name in its state (held until the cancel)', async () => {
    expect((await api(key).post('/companies', anLlc({ name: company.name, state: company.state }))).status).toBe(201);
  });

  it('a cancelled company can still be dissolved', async () => {
    const res = await api(key).post(`/sandbox/companies/${company.id}/dissolve`, {});
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('dissolved');
  });
});

describe('when the formation can no longer be cancelled', () => {
  it('once the formation order is in fulfilment, its cancel is refused and nothing changes', async () => {
    const company = await createCompany(key, anLlc());
    const formation = formationOf(await ordersOf(company.id));
    expect((await api(key).post(`/sandbox/service-orders/${formation.id}/start`, {})).status).toBe(200);
    const seen = (await eventsOf(key, company.id)).length;
    const res = await api(key).post(`/service-orders/${formation.id}/cancel`, {});
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expect((await api(key).get(`/companies/${company.id}`)).body.status).toBe('requires_information');
    expect((await eventsOf(key, company.id)).length).toBe(seen);
  });

  it('once the company is submitted for formation its formation order is in fulfilment; once incorporated it is completed: either way the cancel is refused', async () => {
    const company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    expect((await api(key).post(`/sandbox/companies/${company.id}/verify`, {})).status).toBe(200);
    const formation = formationOf(await ordersOf(company.id));
    expect(formation.status).toBe('in_progress');
    const started = await api(key).post(`/service-orders/${formation.id}/cancel`, {});
    expect(started.status).toBe(400);
    expect(started.body.detail).toContain('in_progress');
    for (const [action, body] of [
      ['stage', { stage: 'documents_generated' }],
      ['stage', { stage: 'submitted_to_state' }],
      ['incorporate', {}],
    ] as const) {
      expect((await api(key).post(`/sandbox/companies/${company.id}/${action}`, body)).status).toBe(200);
    }
    expect(formationOf(await ordersOf(company.id)).status).toBe('completed');
    const res = await api(key).post(`/service-orders/${formation.id}/cancel`, {});
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('completed');
    expect((await api(key).get(`/companies/${company.id}`)).body.status).toBe('active');
  });
});

describe('the credits of a cancellation', () => {
  it('every canceled order is credited what it billed on the month invoice; the order in fulfilment is not', async () => {
    const p = await aFreshPartner();
    const company = await createCompany(p.testKey, anLlc({ services: ['ein_application', 'bookkeeping'] }));
    const orders = await api(p.testKey).get(`/companies/${company.id}/service-orders`);
    const started = (orders.body.items as any[]).find((o) => o.product_key === 'bookkeeping');
    expect((await api(p.testKey).post(`/sandbox/service-orders/${started.id}/start`, {})).status).toBe(200);
    expect((await api(p.testKey).post(`/service-orders/${formationOf(orders.body.items).id}/cancel`, {})).status).toBe(200);
    const canceled = ((await api(p.testKey).get(`/companies/${company.id}/service-orders`)).body.items as any[]).filter(
      (o) => o.status === 'canceled',
    );
    expect(canceled.length).toBeGreaterThanOrEqual(3);

    const now = new Date();
    const run = await api(p.testKey).post('/sandbox/billing/run', {
      as_of: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    });
    const lines = (await api(p.testKey).get(`/invoices/${run.body.invoice.id}`)).body.lines as any[];
    for (const order of canceled) {
      const own = lines.filter((l) => l.service_order === order.id);
      expect({
        order: order.product_key,
        credited: own.some((l) => l.kind === 'credit'),
        net: own.reduce((n, l) => n + l.amount, 0),
      }).toEqual({ order: order.product_key, credited: own.length > 0, net: 0 });
    }
    expect(canceled.some((o) => lines.some((l) => l.service_order === o.id && l.kind === 'credit'))).toBe(true);
    expect(lines.filter((l) => l.service_order === started.id && l.kind === 'credit')).toEqual([]);
  });
});
