import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { createCompany, anLlc, anOwner } from '../support/companies';
import { atTime } from '../support/clock';
import { lambdaContext } from '../support/handler-chain';
import { keyedProxyEvent } from '../../infra/local/proxy-event';
import { handler as acceptQuote } from '../../functions/api/accept-service-order-quote';
import { readOrder } from '../../lib/store/entities/service-order';

const c = useStackDatabase();
const test = api(c.test_key);

async function eventsOf(companyId: string, type: string) {
  const res = await test.get(`/events?company_id=${companyId}&type=${type}&limit=100`);
  expect(res.status).toBe(200);
  return res.body.items as any[];
}

async function order(companyId: string, body: Record<string, unknown>) {
  const res = await test.post(`/companies/${companyId}/service-orders`, body);
  if (res.status !== 201) throw new Error(`order not created: ${res.status} ${res.text}`);
  return res.body;
}

describe('ordering a product on a company', () => {
  it('creates a received order at wholesale with frozen fees and fires service_order.status.changed', async () => {
    const company = await createCompany(c.test_key, anLlc({ state: 'DE' }));
    const res = await test.post(`/companies/${company.id}/service-orders`, { product_key: 'annual_report' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'service_order',
      company: company.id,
      product_key: 'annual_report',
      status: 'received',
      unit_amount: 4900,
      currency: 'usd',
      interval: 'yearly',
    });
    expect(res.body.fees).toEqual([{ kind: 'state_fee', unit_amount: 30000, currency: 'usd' }]);
    expect(res.body.next_renewal_at).toBeDefined();
    const events = await eventsOf(company.id, 'service_order.status.changed');
    expect(events.some((e) => e.data.object.id === res.body.id && e.data.object.status === 'received')).toBe(true);
  });

  it('replays the same order for a retried Idempotency-Key instead of ordering twice', async () => {
    const company = await createCompany(c.test_key);
    const key = `k-${Date.now()}-${Math.random()}`;
    const first = await test.post(
      `/companies/${company.id}/service-orders`,
      { product_key: 'ein_application' },
      { 'Idempotency-Key': key },
    );
    const again = await test.post(
      `/companies/${company.id}/service-orders`,
      { product_key: 'ein_application' },
      { 'Idempotency-Key': key },
    );
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const list = await test.get(`/companies/${company.id}/service-orders`);
    expect(list.body.items.filter((o: any) => o.product_key === 'ein_application')).toHaveLength(1);
  });

  it('a bundle attaches its included product billing nothing of its own', async () => {
    const company = await createCompany(c.test_key);
    const bundle = await order(company.id, { product_key: 'compliance_bundle' });
    const list = await test.get(`/companies/${company.id}/service-orders`);
    const included = list.body.items.find((o: any) => o.included_in === 'compliance_bundle');
    expect(bundle.unit_amount).toBe(8900);
    expect(included).toMatchObject({ product_key: 'annual_report', unit_amount: 0 });
  });

  it('a per-owner product needs one of the company owners', async () => {
    const company = await createCompany(c.test_key, anLlc({ shareholders: [anOwner()] }));
    const missing = await test.post(`/companies/${company.id}/service-orders`, { product_key: 'itin_application' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0]).toMatchObject({ location: '$.shareholder', validation_type: 'required' });
    const ok = await test.post(`/companies/${company.id}/service-orders`, {
      product_key: 'itin_application',
      shareholder: company.shareholders[0].id,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.shareholder).toBe(company.shareholders[0].id);
  });

  it('refuses an unknown product and a bad option value with the field named', async () => {
    const company = await createCompany(c.test_key);
    const unknown = await test.post(`/companies/${company.id}/service-orders`, { product_key: 'moon_landing' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ location: '$.product_key', validation_type: 'enum' });
    const option = await test.post(`/companies/${company.id}/service-orders`, {
      product_key: 'bookkeeping',
      options: { tier: 'platinum' },
    });
    expect(option.status).toBe(400);
    expect(option.body.errors[0]).toMatchObject({ location: '$.options.tier', validation_type: 'enum' });
  });

  it("another mode's company is resource_missing", async () => {
    const company = await createCompany(c.test_key);
    const res = await api(c.live_key).post(`/companies/${company.id}/service-orders`, { product_key: 'ein_application' });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('resource_missing');
  });
});

describe('the service-order state table', () => {
  it('received → canceled: a credit reverses what was billed, canceled_at is set', async () => {
    const company = await createCompany(c.test_key);
    const o = await order(company.id, { product_key: 'ein_application' });
    const res = await test.post(`/service-orders/${o.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('canceled');
    expect(res.body.canceled_at).toBeDefined();
    const events = await eventsOf(company.id, 'service_order.status.changed');
    expect(
      events
        .filter((e) => e.data.object.id === o.id)
        .map((e) => e.data.object.status)
        .sort(),
    ).toEqual(['canceled', 'received']);
  });

  it('received → in_progress (start) and then cancel is refused', async () => {
    const company = await createCompany(c.test_key);
    const o = await order(company.id, { product_key: 'ein_application' });
    const started = await test.post(`/sandbox/service-orders/${o.id}/start`);
    expect(started.body).toMatchObject({ status: 'in_progress', workflow_status: 'in_preparation', form_required: false });
    const refused = await test.post(`/service-orders/${o.id}/cancel`);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ location: '$.status', validation_type: 'state' });
  });

  it('in_progress → requires_action with an open form requirement and the form on the single view, then the form submission returns it to in_progress', async () => {
    const company = await createCompany(c.test_key);
    const o = await order(company.id, { product_key: 'ein_application' });
    await test.post(`/sandbox/service-orders/${o.id}/start`);
    const waiting = await test.post(`/sandbox/service-orders/${o.id}/require-action`);
    expect(waiting.body).toMatchObject({ status: 'requires_action', form_required: true });
    const single = await test.get(`/service-orders/${o.id}`);
    expect(single.body.form.fields.map((f: any) => f.key)).toEqual(['contact_name', 'contact_email']);
    const list = await test.get(`/companies/${company.id}/service-orders`);
    expect(list.body.items.find((x: any) => x.id === o.id).form).toBeUndefined();
    const created = await eventsOf(company.id, 'requirement.created');
    expect(created.some((e) => e.data.object.type === 'form' && e.data.object.service_order === o.id)).toBe(true);

    const bad = await test.post(`/service-orders/${o.id}/form`, { answers: { contact_name: 'Jane', contact_email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ location: '$.answers.contact_email', validation_type: 'pattern' });
    const ok = await test.post(`/service-orders/${o.id}/form`, {
      answers: { contact_name: 'Jane Doe', contact_email: 'jane@example.com' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('in_progress');
    expect(ok.body.form).toBeUndefined();
    const fulfilled = await eventsOf(company.id, 'requirement.fulfilled');
    expect(fulfilled.some((e) => e.data.object.service_order === o.id)).toBe(true);
  });

  it('any → completed: completed_at once, outcome, service_order.completed once', async () => {
    const company = await createCompany(c.test_key);
    const o = await order(company.id, { product_key: 'ein_application' });
    await test.post(`/sandbox/service-orders/${o.id}/start`);
    const done = await test.post(`/sandbox/service-orders/${o.id}/complete`, { outcome: 'approved' });
    expect(done.body).toMatchObject({ status: 'completed', outcome: 'approved' });
    const again = await test.post(`/sandbox/service-orders/${o.id}/complete`);
    expect(again.status).toBe(400);
    const after = await test.get(`/service-orders/${o.id}`);
    expect(after.body.completed_at).toBe(done.body.completed_at);
    expect((await eventsOf(company.id, 'service_order.completed')).filter((e) => e.data.object.id === o.id)).toHaveLength(1);
  });

  it('quote_pending → quoted → accepted in time moves to received and bills the quote', async () => {
    const company = await createCompany(c.test_key);
    const o = await order(company.id, { product_key: 'trademark_registration' });
    expect(o).toMatchObject({ status: 'quote_pending', unit_amount: 0 });
    const quoted = await test.post(`/sandbox/service-orders/${o.id}/quote`, { unit_amount: 65000 });
    expect(quoted.body.quote).toMatchObject({ state: 'pending', unit_amount: 65000, currency: 'usd' });
    expect((await eventsOf(company.id, 'service_order.quoted')).some((e) => e.data.object.quote.unit_amount === 65000)).toBe(true);
    const accepted = await test.post(`/service-orders/${o.id}/quote/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'received', unit_amount: 65000, quote: { state: 'accepted' } });
    expect(accepted.body.quote.accepted_at).toBeDefined();
  });

  it('four parallel accepts of one quote: one 200, three 409 resource_already_exists with the envelope; billed once', async () => {
    const company = await createCompany(c.test_key);
    const o = await order(company.id, { product_key: 'trademark_registration' });
    await test.post(`/sandbox/service-orders/${o.id}/quote`, { unit_amount: 65000 });
    const answers = await Promise.all([1, 2, 3, 4].map(() => test.post(`/service-orders/${o.id}/quote/accept`)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.body).toMatchObject({ code: 'resource_already_exists', request_id: expect.any(String) });
      expect(refused.body.errors[0]).toMatchObject({ location: '$.quote.state', how_to_fix: expect.stringContaining(o.id) });
    }
    const after = (await test.get(`/service-orders/${o.id}`)).body;
    expect(after).toMatchObject({ status: 'received', unit_amount: 65000 });
    expect((await readOrder({ partnerId: c.partner_id, mode: 'test' }, o.id))?.billed_amount).toBe(65000);
    expect(
      (await eventsOf(company.id, 'service_order.status.changed')).filter(
        (e) => e.data.object.status === 'received' && e.data.object.id === o.id,
      ),
    ).toHaveLength(1);
    // A later repeat answers the same.
    expect((await test.post(`/service-orders/${o.id}/quote/accept`)).status).toBe(409);
  });

  it('a quote accepted after quote.expires_at is refused and nothing changes', async () => {
    const company = await createCompany(c.test_key);
    const o = await order(company.id, { product_key: 'trademark_registration' });
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    await test.post(`/sandbox/service-orders/${o.id}/quote`, { unit_amount: 65000, expires_at: expiresAt });
    // The accept handler in this process, on the project's clock (lib/clock.ts) set past the expiry.
    const accept = keyedProxyEvent({
      method: 'POST',
      path: `/v1/service-orders/${o.id}/quote/accept`,
      key: c.test_key,
      resource: '/v1/service-orders/{serviceOrderID}/quote/accept',
      pathParameters: { serviceOrderID: o.id },
    });
    const late = await atTime(Date.parse(expiresAt) + 1, () => acceptQuote(accept, lambdaContext));
    expect(late.statusCode).toBe(400);
    expect(JSON.parse(late.body).errors[0].location).toBe('$.quote.expires_at');
    expect((await test.get(`/service-orders/${o.id}`)).body.status).toBe('quote_pending');
  });

  it('quote_pending → canceled declines the quote', async () => {
    const company = await createCompany(c.test_key);
    const o = await order(company.id, { product_key: 'trademark_registration' });
    await test.post(`/sandbox/service-orders/${o.id}/quote`, { unit_amount: 65000 });
    const res = await test.post(`/service-orders/${o.id}/cancel`);
    expect(res.body).toMatchObject({ status: 'canceled', quote: { state: 'declined' } });
  });

  it('a reprice is service_order.updated with the new price', async () => {
    const company = await createCompany(c.test_key);
    const o = await order(company.id, { product_key: 'bookkeeping', options: { tier: 'growth' } });
    expect(o.unit_amount).toBe(24900);
    const res = await test.post(`/sandbox/service-orders/${o.id}/reprice`, { options: { tier: 'starter' } });
    expect(res.body).toMatchObject({ unit_amount: 14900, options: { tier: 'starter' } });
    expect((await eventsOf(company.id, 'service_order.updated')).some((e) => e.data.object.id === o.id)).toBe(true);
  });

  it('a reprice that changes neither options nor price writes nothing and fires nothing', async () => {
    const company = await createCompany(c.test_key);
    const o = await order(company.id, { product_key: 'bookkeeping', options: { tier: 'growth' } });
    const before = (await test.get(`/service-orders/${o.id}`)).body;
    for (const body of [{ options: { tier: 'growth' } }, {}, '']) {
      const res = await test.post(`/sandbox/service-orders/${o.id}/reprice`, body);
      expect([res.status, res.body.unit_amount, res.body.options]).toEqual([200, 24900, { tier: 'growth' }]);
    }
    expect(await eventsOf(company.id, 'service_order.updated')).toEqual([]);
    expect((await test.get(`/service-orders/${o.id}`)).body).toEqual(before);
  });

  it("a dissolved company's order cannot be repriced: invalid_request on its company, nothing billed or fired", async () => {
    const company = await createCompany(c.test_key);
    const o = await order(company.id, { product_key: 'bookkeeping', options: { tier: 'starter' } });
    await test.post(`/sandbox/service-orders/${o.id}/start`);
    expect((await test.post(`/sandbox/service-orders/${o.id}/complete`)).body.status).toBe('completed');
    expect((await test.post(`/sandbox/companies/${company.id}/dissolve`)).body.status).toBe('dissolved');
    const before = (await test.get(`/service-orders/${o.id}`)).body;

    const res = await test.post(`/sandbox/service-orders/${o.id}/reprice`, { options: { tier: 'growth' } });
    expect([res.status, res.body.code]).toEqual([400, 'invalid_request']);
    expect(res.body.errors[0]).toMatchObject({
      location: '$.company',
      validation_type: 'state',
      how_to_fix: expect.stringContaining('status=active'),
    });
    expect((await test.get(`/service-orders/${o.id}`)).body).toEqual(before);
    expect(await eventsOf(company.id, 'service_order.updated')).toEqual([]);
  });

  it('sandbox triggers refuse live keys with test_mode_only', async () => {
    const res = await api(c.live_key).post(`/sandbox/service-orders/so_${'a'.repeat(22)}/start`);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('test_mode_only');
  });
});

describe('a dissolution order', () => {
  it('dissolves its company when it completes: company.dissolved once, unfulfilled orders settled, nothing more can be ordered', async () => {
    const company = await createCompany(c.test_key);
    const o = await order(company.id, { product_key: 'dissolution' });
    await test.post(`/sandbox/service-orders/${o.id}/start`);
    const done = await test.post(`/sandbox/service-orders/${o.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('completed');
    const after = (await test.get(`/companies/${company.id}`)).body;
    expect(after.status).toBe('dissolved');
    expect(after.dissolved_at).toBeDefined();
    expect(await eventsOf(company.id, 'company.dissolved')).toHaveLength(1);
    expect((await eventsOf(company.id, 'service_order.completed')).map((e) => e.data.object.id)).toEqual([o.id]);
    // The registered agent, never started, is canceled with it (its credit: docs/decisions.md, Orders and billing).
    const agent = (await test.get(`/companies/${company.id}/service-orders`)).body.items.find(
      (x: any) => x.product_key === 'registered_agent',
    );
    expect(agent).toMatchObject({ status: 'canceled', canceled_at: after.dissolved_at });
    expect(agent).not.toHaveProperty('next_renewal_at');
    const refused = await test.post(`/companies/${company.id}/service-orders`, { product_key: 'ein_application' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0].validation_type).toBe('state');
  });
});
