import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { createCompany, anLlc } from '../support/companies';
import { aFreshPartner } from '../support/partners';
import { closePeriod } from '../../lib/billing/close-period';
import { periodOf } from '../../lib/billing/period';
import { nowIso } from '../../lib/clock';
import { UpdateCommand } from '../../lib/store/dynamodb';
import { db, tableName } from '../../lib/store/client';
import { partnerKey } from '../../lib/store/keys';

useStackDatabase();

const firstOfNextMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
};

async function orderOn(key: string, companyId: string, body: Record<string, unknown>) {
  const res = await api(key).post(`/companies/${companyId}/service-orders`, body);
  if (res.status !== 201) throw new Error(`order not created: ${res.status} ${res.text}`);
  return res.body;
}

async function eventsOf(key: string, companyId: string, type: string) {
  return (await api(key).get(`/events?company_id=${companyId}&type=${type}&limit=100`)).body.items as any[];
}

describe('renewals', () => {
  it('bills a due period exactly once across a double run and three concurrent runs', async () => {
    const p = await aFreshPartner();
    const sandbox = api(p.testKey);
    const company = await createCompany(p.testKey);
    const o = await orderOn(p.testKey, company.id, { product_key: 'bookkeeping' });
    const asOf = o.next_renewal_at;
    const first = await sandbox.post('/sandbox/billing/run', { as_of: asOf });
    const second = await sandbox.post('/sandbox/billing/run', { as_of: asOf });
    const concurrent = await Promise.all([1, 2, 3].map(() => sandbox.post('/sandbox/billing/run', { as_of: asOf })));
    const billed = [first, second, ...concurrent].map((r) => {
      expect(r.status).toBe(200);
      return r.body.renewals_billed as number;
    });
    expect(billed.reduce((a, b) => a + b, 0)).toBe(1);
    const after = (await sandbox.get(`/service-orders/${o.id}`)).body;
    expect(Date.parse(after.next_renewal_at)).toBeGreaterThan(Date.parse(asOf));

    // The invoice of the renewal's month carries that one renewal line, once.
    const due = new Date(asOf);
    const closeAt = new Date(Date.UTC(due.getUTCFullYear(), due.getUTCMonth() + 1, 1)).toISOString();
    const run = await sandbox.post('/sandbox/billing/run', { as_of: closeAt });
    const invoice = (await sandbox.get(`/invoices/${run.body.invoice.id}`)).body;
    const renewalLines = invoice.lines.filter((l: any) => l.service_order === o.id && l.kind === 'renewal');
    expect(renewalLines).toHaveLength(1);
    expect(renewalLines[0].amount).toBe(14900);
  });

  it('a run more than five years ahead is refused before it bills anything', async () => {
    const p = await aFreshPartner();
    const sandbox = api(p.testKey);
    const company = await createCompany(p.testKey);
    const o = await orderOn(p.testKey, company.id, { product_key: 'bookkeeping' });
    const res = await sandbox.post('/sandbox/billing/run', { as_of: '9999-12-31T23:59:59Z' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
    expect(res.body.errors).toEqual([expect.objectContaining({ location: '$.as_of', validation_type: 'maximum' })]);
    const example = /"as_of": "([^"]+)"/.exec(res.body.errors[0].how_to_fix)?.[1];
    expect((await sandbox.post('/sandbox/billing/run', { as_of: example })).status).toBe(200);
    expect((await sandbox.get(`/service-orders/${o.id}`)).body.next_renewal_at).toBe(o.next_renewal_at);
  });

  it('an approved renewal cancel ends renewals at the period end: nothing more bills', async () => {
    const p = await aFreshPartner();
    const sandbox = api(p.testKey);
    const company = await createCompany(p.testKey);
    const o = await orderOn(p.testKey, company.id, { product_key: 'bookkeeping' });
    const requested = await sandbox.post(`/service-orders/${o.id}/renewal/cancel`);
    expect(requested.body.renewal_cancel_requested_at).toBeDefined();
    expect(requested.body.next_renewal_at).toBe(o.next_renewal_at);
    const approved = await sandbox.post(`/sandbox/service-orders/${o.id}/renewal/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body.renewal_canceled_at).toBeDefined();
    expect(approved.body.renewal_ends_at).toBe(o.next_renewal_at);
    expect(approved.body.next_renewal_at).toBeUndefined();
    expect(approved.body.status).toBe('received');
    expect((await eventsOf(p.testKey, company.id, 'service_order.renewal_canceled')).map((e) => e.data.object.id)).toEqual([o.id]);
    const farAhead = new Date(Date.parse(o.next_renewal_at) + 90 * 86_400_000).toISOString();
    expect((await sandbox.post('/sandbox/billing/run', { as_of: farAhead })).body.renewals_billed).toBe(0);
  });

  it('an approved cancel of an arrears product still bills its last period once', async () => {
    const p = await aFreshPartner();
    const sandbox = api(p.testKey);
    const company = await createCompany(p.testKey);
    const o = await orderOn(p.testKey, company.id, { product_key: 'payroll' });
    await sandbox.post(`/service-orders/${o.id}/renewal/cancel`);
    const approved = (await sandbox.post(`/sandbox/service-orders/${o.id}/renewal/approve`)).body;
    expect(approved.next_renewal_at).toBe(approved.renewal_ends_at);
    const farAhead = new Date(Date.parse(o.next_renewal_at) + 90 * 86_400_000).toISOString();
    expect((await sandbox.post('/sandbox/billing/run', { as_of: farAhead })).body.renewals_billed).toBe(1);
    expect((await sandbox.post('/sandbox/billing/run', { as_of: farAhead })).body.renewals_billed).toBe(0);
    expect((await sandbox.get(`/service-orders/${o.id}`)).body.next_renewal_at).toBeUndefined();
  });

  it('a denied renewal cancel fires renewal_cancel_denied and the order keeps renewing', async () => {
    const p = await aFreshPartner();
    const sandbox = api(p.testKey);
    const company = await createCompany(p.testKey);
    const o = await orderOn(p.testKey, company.id, { product_key: 'bookkeeping' });
    // Nothing to decide before the partner asks; the way to ask names this order.
    for (const decision of ['approve', 'deny']) {
      const early = await sandbox.post(`/sandbox/service-orders/${o.id}/renewal/${decision}`);
      expect(early.body.errors[0].how_to_fix).toBe(`The partner asks first with POST /v1/service-orders/${o.id}/renewal/cancel.`);
    }
    await sandbox.post(`/service-orders/${o.id}/renewal/cancel`);
    const denied = await sandbox.post(`/sandbox/service-orders/${o.id}/renewal/deny`);
    expect(denied.status).toBe(200);
    expect(denied.body.renewal_cancel_requested_at).toBeUndefined();
    expect(denied.body.renewal_canceled_at).toBeUndefined();
    expect(denied.body.next_renewal_at).toBe(o.next_renewal_at);
    expect((await eventsOf(p.testKey, company.id, 'service_order.renewal_cancel_denied')).map((e) => e.data.object.id)).toEqual([o.id]);
    expect((await sandbox.post('/sandbox/billing/run', { as_of: o.next_renewal_at })).body.renewals_billed).toBe(1);
  });
});

describe('entitlements and tax filings', () => {
  it('an entitlement product adds a right; a filing consumes it; with none left the filing is refused', async () => {
    const p = await aFreshPartner();
    const sandbox = api(p.testKey);
    const company = await createCompany(p.testKey);
    expect(company.entitlements.federal_tax_filing).toBe(0);
    await orderOn(p.testKey, company.id, { product_key: 'federal_tax_filing' });
    expect((await sandbox.get(`/companies/${company.id}`)).body.entitlements.federal_tax_filing).toBe(1);
    const filing = await sandbox.post(`/sandbox/companies/${company.id}/tax-filings`, { kind: 'federal', year: 2025 });
    expect(filing.status).toBe(201);
    expect(filing.body).toMatchObject({ object: 'tax_filing', kind: 'federal', year: 2025, status: 'open', company: company.id });
    expect((await sandbox.get(`/companies/${company.id}`)).body.entitlements.federal_tax_filing).toBe(0);
    const refused = await sandbox.post(`/sandbox/companies/${company.id}/tax-filings`, { kind: 'federal', year: 2024 });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('entitlement_required');
    const changes = await eventsOf(p.testKey, company.id, 'company.entitlements.changed');
    expect(changes.map((e) => e.data.object.entitlements.federal_tax_filing).sort()).toEqual([0, 1]);
    expect(await eventsOf(p.testKey, company.id, 'tax_filing.created')).toHaveLength(1);

    const advanced = await sandbox.post(`/sandbox/tax-filings/${filing.body.id}/advance`, {
      status: 'in_progress',
      progress: 'collecting_documents',
    });
    expect(advanced.body).toMatchObject({ status: 'in_progress', progress: 'collecting_documents' });
    expect((await sandbox.get(`/tax-filings/${filing.body.id}`)).body.status).toBe('in_progress');
    expect((await sandbox.get(`/companies/${company.id}/tax-filings`)).body.items.map((f: any) => f.id)).toEqual([filing.body.id]);
    expect(await eventsOf(p.testKey, company.id, 'tax_filing.status.changed')).toHaveLength(1);
  });

  it('concurrent filings never spend one right twice', async () => {
    const p = await aFreshPartner();
    const sandbox = api(p.testKey);
    const company = await createCompany(p.testKey);
    await sandbox.post(`/sandbox/companies/${company.id}/entitlements`, { kind: 'state_tax_filing', delta: 2 });
    const results = await Promise.all(
      [2019, 2020, 2021, 2022, 2023].map((year) => sandbox.post(`/sandbox/companies/${company.id}/tax-filings`, { kind: 'state', year })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(2);
    expect(results.filter((r) => r.status === 402).every((r) => r.body.code === 'entitlement_required')).toBe(true);
    expect((await sandbox.get(`/companies/${company.id}`)).body.entitlements.state_tax_filing).toBe(0);
  });
});

describe('month-end invoices', () => {
  it("a month's invoice totals its ledger lines, credits included, and no sandbox order reaches the live invoice", async () => {
    const p = await aFreshPartner();
    const sandbox = api(p.testKey);
    const live = api(p.liveKey);
    const testCompany = await createCompany(p.testKey, anLlc({ state: 'WY' }));
    const kept = await orderOn(p.testKey, testCompany.id, { product_key: 'bookkeeping', options: { tier: 'growth' } });
    const canceled = await orderOn(p.testKey, testCompany.id, { product_key: 'ein_application' });
    await sandbox.post(`/service-orders/${canceled.id}/cancel`);
    await sandbox.post(`/sandbox/service-orders/${kept.id}/reprice`, { options: { tier: 'starter' } });
    const liveCompany = await createCompany(p.liveKey);
    const liveOrder = await orderOn(p.liveKey, liveCompany.id, { product_key: 'ein_application' });

    const run = await sandbox.post('/sandbox/billing/run', { as_of: firstOfNextMonth() });
    expect(run.status).toBe(200);
    const invoice = (await sandbox.get(`/invoices/${run.body.invoice.id}`)).body;
    expect(invoice).toMatchObject({
      object: 'invoice',
      livemode: false,
      currency: 'usd',
      status: 'open',
      amount_paid: 0,
      number: `TEST-${periodOf(nowIso()).replace('-', '')}`,
    });
    const lines = invoice.lines as any[];
    expect(lines.reduce((s, l) => s + l.amount, 0)).toBe(invoice.amount_due);
    expect(
      lines
        .filter((l) => l.kind === 'credit')
        .map((l) => l.amount)
        .sort((a, b) => a - b),
    ).toEqual([-10000, -2500]);
    expect(lines.some((l) => l.service_order === liveOrder.id || l.company === liveCompany.id)).toBe(false);
    expect(lines.every((l) => Number.isInteger(l.amount))).toBe(true);

    // Run again: the same invoice, nothing billed twice.
    const again = await sandbox.post('/sandbox/billing/run', { as_of: firstOfNextMonth() });
    expect(again.body.invoice.id).toBe(invoice.id);
    expect(again.body.invoice.amount_due).toBe(invoice.amount_due);
    expect((await eventsOf(p.testKey, testCompany.id, 'invoice.finalized')).length).toBe(0); // invoices carry no company

    // The live close of the same month (the operator's month-end job for this partner). The scheduled
    // job may have closed it already (it runs for every partner), so read the partner's live invoices.
    await closePeriod({ partnerId: p.partnerId, mode: 'live' }, periodOf(nowIso()), nowIso());
    const liveInvoices = (await live.get('/invoices')).body.items as any[];
    expect(liveInvoices.length).toBeGreaterThan(0);
    const liveLines: any[] = [];
    for (const summary of liveInvoices) {
      const view = (await live.get(`/invoices/${summary.id}`)).body;
      expect(view.livemode).toBe(true);
      expect(view.lines.reduce((s: number, l: any) => s + l.amount, 0)).toBe(view.amount_due);
      liveLines.push(...view.lines);
    }
    expect(liveLines.some((l) => l.company === testCompany.id || l.service_order === kept.id || l.service_order === canceled.id)).toBe(
      false,
    );
    expect(liveLines.some((l) => l.service_order === liveOrder.id)).toBe(true);

    const testList = (await sandbox.get('/invoices')).body;
    expect(testList.items.map((i: any) => i.id)).toEqual([invoice.id]);
    expect(testList.page).toMatchObject({ total: 1, has_next_page: false, has_prev_page: false, limit: 25 });
    expect((await live.get(`/invoices/${invoice.id}`)).status).toBe(404);
    const finalized = (await sandbox.get('/events?type=invoice.finalized')).body.items;
    expect(finalized.map((e: any) => e.data.object.id)).toEqual([invoice.id]);
  });

  it('the hosted_url opens the invoice without a key; a tampered link does not', async () => {
    const p = await aFreshPartner();
    const sandbox = api(p.testKey);
    const company = await createCompany(p.testKey);
    await orderOn(p.testKey, company.id, { product_key: 'ein_application' });
    const run = await sandbox.post('/sandbox/billing/run', { as_of: firstOfNextMonth() });
    const invoice = (await sandbox.get(`/invoices/${run.body.invoice.id}`)).body;
    expect(invoice.hosted_url).toMatch(/\/invoices\/hosted\//);
    const page = await api().get(invoice.hosted_url, { Accept: 'application/json' });
    expect(page.status).toBe(200);
    expect(page.body.amount_due).toBe(invoice.amount_due);
    const html = await api().get(invoice.hosted_url);
    expect(html.text).toContain(invoice.number);
    const tampered = invoice.hosted_url.replace(/.$/, (ch: string) => (ch === 'A' ? 'B' : 'A'));
    expect((await api().get(tampered, { Accept: 'application/json' })).body.code).toBe('resource_missing');
    // A person opening an old or broken link gets a page that says what to do, not a JSON envelope.
    const forPerson = await api().get(tampered, { Accept: 'text/html' });
    expect([forPerson.status, forPerson.headers.get('content-type')]).toEqual([404, 'text/html; charset=utf-8']);
    expect(forPerson.text).toContain('This invoice link does not work');
  });
});

describe('an inactive billing account', () => {
  it('cannot order: billing_account_inactive (402), and nothing is written', async () => {
    const p = await aFreshPartner();
    const company = await createCompany(p.testKey);
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: partnerKey(p.partnerId),
        UpdateExpression: 'SET billing_status = :i',
        ExpressionAttributeValues: { ':i': 'inactive' },
      }),
    );
    const res = await api(p.testKey).post(`/companies/${company.id}/service-orders`, { product_key: 'ein_application' });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe('billing_account_inactive');
    const orders = (await api(p.testKey).get(`/companies/${company.id}/service-orders`)).body.items;
    expect(orders.some((o: any) => o.product_key === 'ein_application')).toBe(false);
  });
});

describe('canceling an order that granted a right', () => {
  it('takes the unused right back, and is refused once the right was spent', async () => {
    const p = await aFreshPartner();
    const sandbox = api(p.testKey);
    const company = await createCompany(p.testKey);
    const first = await orderOn(p.testKey, company.id, { product_key: 'state_tax_filing' });
    expect((await sandbox.post(`/service-orders/${first.id}/cancel`)).status).toBe(200);
    expect((await sandbox.get(`/companies/${company.id}`)).body.entitlements.state_tax_filing).toBe(0);
    const second = await orderOn(p.testKey, company.id, { product_key: 'state_tax_filing' });
    await sandbox.post(`/sandbox/companies/${company.id}/tax-filings`, { kind: 'state', year: 2025 });
    const refused = await sandbox.post(`/service-orders/${second.id}/cancel`);
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('entitlement_required');
    expect((await sandbox.get(`/service-orders/${second.id}`)).body.status).toBe('received');
  });
});
