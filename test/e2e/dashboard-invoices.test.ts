import { useStackDatabase } from '../support/stack';
import { dashboard, sessionFor } from '../support/dashboard';
import { anInvoiceWithEverything } from '../support/invoices';
import { api } from '../support/http';

/**
 * The dashboard's invoices (the API surface: `GET /dashboard/api/invoices`, `/{invoiceID}`, and the
 * page `/dashboard/invoices`): both modes unless `livemode` says one, newest first, paged, each the
 * API's Invoice with its hosted page and PDF; finance and owners only.
 */
const c = useStackDatabase();
jest.setTimeout(90_000);

let fixture: Awaited<ReturnType<typeof anInvoiceWithEverything>>;
beforeAll(async () => {
  fixture = await anInvoiceWithEverything();
});

describe('the dashboard’s invoices', () => {
  it('lists the partner’s invoices for finance, each with status, period, total, and hosted page and PDF links that open', async () => {
    const { token } = await sessionFor(fixture.partner.id, { role: 'finance' });
    const list = await dashboard(token).get('/invoices');
    expect(list.status).toBe(200);
    expect(list.body.object).toBe('list');
    expect(Object.keys(list.body.page).sort()).toEqual(['end_cursor', 'has_next_page', 'has_prev_page', 'limit', 'start_cursor', 'total']);
    const item = list.body.items.find((i: { id: string }) => i.id === fixture.invoice.id);
    expect(item).toMatchObject({
      object: 'invoice',
      id: fixture.invoice.id,
      status: 'open',
      period: fixture.invoice.period,
      amount_due: fixture.invoice.amount_due,
      livemode: false,
      hosted_url: expect.stringContaining('/invoices/hosted/'),
      pdf_url: expect.stringMatching(/\.pdf$/),
    });
    const hosted = await api().get(item.hosted_url);
    expect(hosted.status).toBe(200);
    expect(hosted.text).toContain(fixture.invoice.number);
    const pdf = await fetch(item.pdf_url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    // One mode only.
    expect((await dashboard(token).get('/invoices?livemode=true')).body.items).toEqual([]);
    expect((await dashboard(token).get('/invoices?livemode=false')).body.items.map((i: { id: string }) => i.id)).toContain(
      fixture.invoice.id,
    );
    // One invoice, with its lines.
    const one = await dashboard(token).get(`/invoices/${fixture.invoice.id}`);
    expect(one.status).toBe(200);
    expect(one.body.lines.length).toBe(fixture.invoice.lines.length);
    expect((await dashboard(token).get('/invoices/in_nothing_here')).body.code).toBe('resource_missing');
  });

  it('answers another partner’s invoice as one that does not exist, and refuses a developer', async () => {
    const mine = await dashboard(c.dashboard_session).get(`/invoices/${fixture.invoice.id}`);
    expect([mine.status, mine.body.code]).toEqual([404, 'resource_missing']);
    expect((await dashboard(c.dashboard_session).get('/invoices?limit=100')).text).not.toContain(fixture.invoice.id);
    const { token } = await sessionFor(fixture.partner.id, { role: 'developer' });
    const refused = await dashboard(token).get('/invoices');
    expect([refused.status, refused.body.code]).toEqual([403, 'insufficient_scope']);
  });

  it('shows them on the invoices page, with links to each hosted page and PDF', async () => {
    const { token } = await sessionFor(fixture.partner.id, { role: 'finance', kind: 'cookie' });
    const res = await fetch(`${c.dashboard_url}/invoices`, { headers: { Cookie: `dash_session=${token}` }, redirect: 'manual' });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(fixture.invoice.number);
    expect(text).toMatch(/href="[^"]*\/invoices\/hosted\/[^"]+\.pdf"/);
  });
});
