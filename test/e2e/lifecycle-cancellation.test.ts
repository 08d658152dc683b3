import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc, anOwner, createCompany } from '../support/companies';
import { eventsOf } from '../support/lifecycle';

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
    requirement = (await api(key).post(`/sandbox/companies/${company.id}/requirements`, { type: 'information', message: 'Describe the business.' })).body;
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
      expect({ id: read.id, status: read.status, canceled_at: read.canceled_at }).toEqual({ id: order.id, status: 'canceled', canceled_at: res.body.canceled_at });
      expect(read).not.toHaveProperty('next_renewal_at');
    }
    const running = after.find((o) => o.id === started.id);
    expect(running).toMatchObject({ status: 'in_progress', renewal_canceled_at: res.body.canceled_at });

    expect((await api(key).get(`/requirements/${requirement.id}`)).body).toMatchObject({ status: 'canceled', cancel_reason: "The company's formation was cancelled." });

    const events = (await eventsOf(key, company.id)).slice(seen);
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'service_order.status.changed')).toHaveLength(notStarted.length);
    expect(types.filter((t) => t === 'service_order.renewal_canceled')).toHaveLength(1);
    expect(types.filter((t) => t === 'requirement.canceled')).toHaveLength(1);
    expect(types.at(-1)).toBe('company.status.changed');
    expect(events.at(-1).data.object).toMatchObject({ id: company.id, status: 'cancelled', stage: 'closed' });
    // Every event of the cancellation was committed together: one created_at run, nothing else between.
    expect(new Set(events.map((e) => e.company_id))).toEqual(new Set([company.id]));
  });

  it('credits what the canceled orders billed, as any cancel before fulfilment does', async () => {
    const after = await ordersOf(company.id);
    for (const order of after.filter((o) => o.status === 'canceled')) expect([order.product_key, order.billed_amount ?? 0]).toEqual([order.product_key, 0]);
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

  it('frees the name in its state', async () => {
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

  it('an active company is not cancelled by canceling a formation order left unstarted', async () => {
    const company = await createCompany(key, anLlc({ shareholders: [anOwner()] }));
    for (const [action, body] of [['verify', {}], ['stage', { stage: 'documents_generated' }], ['stage', { stage: 'submitted_to_state' }], ['incorporate', {}]] as const) {
      expect((await api(key).post(`/sandbox/companies/${company.id}/${action}`, body)).status).toBe(200);
    }
    const formation = formationOf(await ordersOf(company.id));
    const res = await api(key).post(`/service-orders/${formation.id}/cancel`, {});
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain("'active'");
    expect((await api(key).get(`/companies/${company.id}`)).body.status).toBe('active');
  });
});
