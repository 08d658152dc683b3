import { describeLine, formatMoney, shownDescription } from '../../lib/billing/line-words';
import { invoiceDocument } from '../../lib/billing/invoice-document';
import { hostedInvoicePdf } from '../../lib/billing/hosted-pdf';
import { newLine, type LedgerLine } from '../../lib/billing/ledger-line';
import { LATE_LINES_NOTE, renderInvoice, type InvoiceRecord } from '../../lib/billing/invoice';
import { pdfText } from '../support/invoices';

const at = '2026-11-05T10:00:00.000Z';
const line = (over: Partial<LedgerLine> & Pick<LedgerLine, 'key' | 'kind' | 'description' | 'amount'>): LedgerLine =>
  newLine({ currency: 'usd', billed_at: at, livemode: false, ...over });
const record = (lines: LedgerLine[]): InvoiceRecord => ({
  id: 'in_test',
  status: 'open',
  period: '2026-11',
  number: 'TEST-202611',
  total: lines.reduce((s, l) => s + l.amount, 0),
  line_count: lines.length,
  amount_paid: 0,
  currency: 'usd',
  livemode: false,
  created_at: '2026-12-01T00:00:05.000Z',
  finalized_at: '2026-12-01T00:00:06.000Z',
});
const parties = { issuer: { name: 'Issuer Co', lines: ['1 Main Street'] }, billTo: { name: 'Partner Ltd', lines: ['ap@partner.test'] } };

describe('invoice lines in words', () => {
  it('words lines stored with catalog keys before the wording, as new ones are written', () => {
    const co = { company: 'cmp_1', service_order: 'so_1' };
    expect(
      shownDescription(
        line({ ...co, key: 'so_1#fee#0', kind: 'fee', product_key: 'formation', description: 'formation: state_fee', amount: 14000 }),
      ),
    ).toBe('State filing fee, Company formation');
    expect(
      shownDescription(
        line({ ...co, key: 'so_1#fee#1', kind: 'fee', product_key: 'formation', description: 'formation: processing_fee', amount: 500 }),
      ),
    ).toBe('Processing fee, Company formation');
    expect(
      shownDescription(
        line({ ...co, key: 'so_1#order', kind: 'order', product_key: 'ein_application', description: 'ein_application', amount: 2500 }),
      ),
    ).toBe('EIN application');
    expect(
      shownDescription(
        line({
          ...co,
          key: 'so_1#renewal#2',
          kind: 'renewal',
          product_key: 'bookkeeping',
          description: 'bookkeeping: period 3',
          amount: 14900,
        }),
      ),
    ).toBe('Bookkeeping, renewal (period 3)');
    expect(
      shownDescription(
        line({
          ...co,
          key: 'so_1#cancel',
          kind: 'credit',
          product_key: 'ein_application',
          description: 'ein_application: canceled before fulfilment',
          amount: -2500,
        }),
      ),
    ).toBe('Credit: EIN application canceled before fulfilment');
    expect(
      shownDescription(
        line({
          ...co,
          key: 'so_1#order',
          kind: 'difference',
          product_key: 'annual_report',
          description: 'annual_report: paid option beyond compliance_bundle',
          amount: 1000,
        }),
      ),
    ).toBe('Annual report filing, paid options beyond the Compliance bundle');
    expect(
      shownDescription(line({ key: 'in_1#carried-in', kind: 'credit', description: 'credit carried from TEST-202610', amount: -900 })),
    ).toBe('Credit carried from invoice TEST-202610');
    // Already in words: shown as stored.
    expect(
      shownDescription(
        line({
          key: 'x#order',
          kind: 'order',
          product_key: 'formation',
          description: 'Company formation, expedited turnaround',
          amount: 24900,
        }),
      ),
    ).toBe('Company formation, expedited turnaround');
    expect(
      describeLine({
        key: 'so_1#order',
        kind: 'order',
        product_key: 'formation',
        description: 'formation',
        options: [{ option: 'turnaround', value: 'expedited', amount: 15000 }],
      }),
    ).toBe('Company formation, expedited turnaround');
  });

  it('formats cents with the currency and thousands separators', () => {
    expect([formatMoney(316400), formatMoney(-2500), formatMoney(0), formatMoney(123456789)]).toEqual([
      '$3,164.00',
      '-$25.00',
      '$0.00',
      '$1,234,567.89',
    ]);
  });
});

describe('the invoice document', () => {
  it('puts account-level lines (a carried credit) after every company, and dates the invoice: issued at finalization, due 30 days later, the whole month', () => {
    const lines = [
      line({ key: 'in_0#carried-in', kind: 'credit', description: 'Credit carried from invoice TEST-202610', amount: -900 }),
      line({
        key: 'so_1#order',
        kind: 'order',
        product_key: 'ein_application',
        description: 'EIN application',
        amount: 2500,
        company: 'cmp_1',
        service_order: 'so_1',
      }),
    ];
    const doc = invoiceDocument({ record: record(lines), lines, ...parties, companyNames: { cmp_1: 'Acme LLC' } });
    expect(doc.companies.map((c) => [c.name, c.subtotal, c.orders.flatMap((o) => o.rows.map((r) => [r.role, r.description]))])).toEqual([
      ['Acme LLC', 2500, [['item', 'EIN application']]],
      ['Account adjustments', -900, [['credit', 'Credit carried from invoice TEST-202610']]],
    ]);
    expect({
      issued: doc.issuedOn,
      due: doc.dueOn,
      period: doc.period,
      total: doc.total,
      charges: doc.charges,
      credits: doc.credits,
    }).toEqual({
      issued: '2026-12-01',
      due: '2026-12-31',
      period: { label: 'November 2026', from: '2026-11-01', to: '2026-11-30' },
      total: 1600,
      charges: 2500,
      credits: -900,
    });
  });

  it('runs a long invoice over several PDF pages, numbered, with the totals once at the end', () => {
    const lines = Array.from({ length: 80 }, (_, i) =>
      line({
        key: `so_${i}#order`,
        kind: 'order',
        product_key: 'ein_application',
        description: 'EIN application',
        amount: 2500,
        company: `cmp_${i % 4}`,
        service_order: `so_${i}`,
      }),
    );
    const pdf = hostedInvoicePdf(invoiceDocument({ record: record(lines), lines, ...parties, companyNames: {} }));
    const text = pdfText(pdf);
    const pages = text.filter((t) => /^TEST-202611 · Page \d of \d$/.test(t));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)).toBe(`TEST-202611 · Page ${pages.length} of ${pages.length}`);
    expect(text.filter((t) => t === 'Total')).toHaveLength(1);
    expect(text[text.indexOf('Total') + 1]).toBe('$2,000.00');
  });
});

describe('invoices read right: a late line says so', () => {
  const inPeriod = line({
    key: 'so_1#order',
    kind: 'order',
    company: 'cmp_1',
    service_order: 'so_1',
    product_key: 'bookkeeping',
    description: 'bookkeeping',
    amount: 9900,
  });
  const late = line({
    key: 'so_2#order',
    kind: 'order',
    company: 'cmp_1',
    service_order: 'so_2',
    product_key: 'ein_application',
    description: 'ein_application',
    amount: 5000,
    billed_at: '2026-10-30T09:00:00.000Z',
  });

  it('labels a line of an earlier month as a late line of it, on the API, the hosted document and the PDF, and no other', () => {
    const doc = invoiceDocument({
      record: record([inPeriod, late]),
      lines: [inPeriod, late],
      ...parties,
      companyNames: { cmp_1: 'Acme LLC' },
    });
    const rows = doc.companies[0].orders.flatMap((o) => o.rows.map((r) => r.description));
    expect(rows.filter((d) => d.includes('(late line of October 2026)'))).toHaveLength(1);
    expect(rows.find((d) => d.startsWith('Bookkeeping'))).not.toMatch(/late/);
    const api = renderInvoice(record([inPeriod, late]), { lines: [inPeriod, late] });
    expect(api.lines!.map((l) => l.description.endsWith('(late line of October 2026)'))).toEqual([false, true]);
    const text = pdfText(hostedInvoicePdf(doc)).join('\n');
    expect(text).toContain('late line of October 2026');
    expect(text).toContain(LATE_LINES_NOTE);
  });
});
