import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { createCompany } from '../support/companies';
import { aFreshPartner } from '../support/partners';
import { runOps, type OpsIo } from '../../lib/operator/run-ops';
import { periodOf } from '../../lib/billing/period';

useStackDatabase();
process.env.LOCAL_DIR = process.env.TEST_LOCAL_DIR; // the CLI finds the stack through its credentials.json

async function ops(argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: OpsIo = { out: (t) => out.push(t), err: (t) => err.push(t), ask: async () => 'yes' };
  const code = await runOps([...argv, '--stage', 'local'], io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run ops: orders and billing', () => {
  it('prices, fulfils and completes a live order and raises the month invoice, with the API events', async () => {
    const p = await aFreshPartner();
    const live = api(p.liveKey);
    const company = await createCompany(p.liveKey);
    const order = (await live.post(`/companies/${company.id}/service-orders`, { product_key: 'trademark_registration' })).body;
    const target = ['--partner', p.partnerId, '--as', 'bob@ops', '--yes'];

    const quoted = await ops(['quote-order', order.id, '--amount', '65000', ...target]);
    expect(quoted.code).toBe(0);
    expect(JSON.parse(quoted.out).quote).toMatchObject({ state: 'pending', unit_amount: 65000 });
    expect((await live.post(`/service-orders/${order.id}/quote/accept`)).body.status).toBe('received');
    expect((await ops(['start-order', order.id, ...target])).code).toBe(0);
    const done = await ops(['complete-order', order.id, '--outcome', 'registered', ...target]);
    expect(JSON.parse(done.out)).toMatchObject({ status: 'completed', outcome: 'registered', completed_at: expect.any(String) });

    const refused = await ops(['complete-order', order.id, ...target]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('invalid_request');

    const closed = await ops(['close-month', '--period', periodOf(new Date()), ...target]);
    expect(closed.code).toBe(0);
    const invoice = JSON.parse(closed.out);
    const view = (await live.get(`/invoices/${invoice.id}`)).body;
    expect(view.lines.find((l: any) => l.service_order === order.id)).toMatchObject({ kind: 'order', amount: 65000 });
    expect(view.lines.reduce((s: number, l: any) => s + l.amount, 0)).toBe(view.amount_due);
    const types = (await live.get(`/events?company_id=${company.id}&type=service_order.completed`)).body.items;
    expect(types).toHaveLength(1);
  });

  it('records how collection ended: uncollectible, then paid; paid and void are final', async () => {
    const p = await aFreshPartner();
    const live = api(p.liveKey);
    await createCompany(p.liveKey);
    const target = ['--partner', p.partnerId, '--as', 'bob@ops', '--yes'];
    const invoice = JSON.parse((await ops(['close-month', '--period', periodOf(new Date()), ...target])).out);
    expect(invoice).toMatchObject({ status: 'open', amount_paid: 0 });
    expect(invoice.amount_due).toBeGreaterThan(0);

    expect(JSON.parse((await ops(['invoice-uncollectible', invoice.id, ...target])).out)).toMatchObject({
      id: invoice.id,
      status: 'uncollectible',
      amount_paid: 0,
    });
    expect((await live.get(`/invoices/${invoice.id}`)).body.status).toBe('uncollectible');
    expect(JSON.parse((await ops(['invoice-paid', invoice.id, ...target])).out)).toMatchObject({
      status: 'paid',
      amount_paid: invoice.amount_due,
    });
    expect((await live.get(`/invoices/${invoice.id}`)).body).toMatchObject({
      status: 'paid',
      amount_paid: invoice.amount_due,
      amount_due: invoice.amount_due,
    });

    const refused = await ops(['invoice-void', invoice.id, ...target]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('The invoice is paid');
    expect((await live.get(`/invoices/${invoice.id}`)).body.status).toBe('paid');
    // Another partner's invoice, or a test-mode lookup of a live one, is not found.
    expect((await ops(['invoice-void', invoice.id, '--partner', p.partnerId, '--mode', 'test'])).err).toContain('resource_missing');
  });

  it('grants and spends a right on test data', async () => {
    const p = await aFreshPartner();
    const company = await createCompany(p.testKey);
    const target = ['--partner', p.partnerId, '--mode', 'test'];
    expect(
      JSON.parse((await ops(['grant-entitlement', company.id, '--kind', 'federal_tax_filing', '--delta', '1', ...target])).out).entitlements
        .federal_tax_filing,
    ).toBe(1);
    const filing = JSON.parse((await ops(['open-tax-filing', company.id, '--kind', 'federal', '--year', '2025', ...target])).out);
    expect(filing).toMatchObject({ object: 'tax_filing', status: 'open' });
    const none = await ops(['open-tax-filing', company.id, '--kind', 'federal', '--year', '2024', ...target]);
    expect(none.code).toBe(1);
    expect(none.err).toContain('entitlement_required');
  });
});
