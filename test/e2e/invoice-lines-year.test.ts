import { api } from '../support/http';
import { useStackDatabase } from '../support/stack';
import { anLlc } from '../support/companies';
import { aFreshPartner } from '../support/partners';
import { eventually } from '../support/webhooks';
import { pdfText } from '../support/invoices';
import { findProduct } from '../../lib/catalog/products';

/**
 * A year of invoices under the sandbox clock (docs/decisions.md, "Billing and the ledger"): a Delaware
 * LLC formed expedited, with an EIN application and the compliance bundle (whose included annual
 * report carries Delaware's $300 state fee), then the clock a year and a month on. Every line of every
 * invoice of that year names the product it bills, a state fee its state; the renewal of each yearly
 * order bills what the order billed in year 1; the first invoice has the preview's lines; and the hosted
 * invoice and its PDF show the API's lines, worded the same.
 */
useStackDatabase();

const DAY = 86_400_000;

async function advance(key: string, to: string) {
  const res = await api(key).post('/sandbox/clock/advance', { to });
  expect(res.status).toBe(202);
  return eventually(
    async () => {
      const clock = (await api(key).get('/sandbox/clock')).body;
      return clock.status === 'ready' && clock;
    },
    90_000,
    'the advance to finish',
  );
}

interface Line {
  id: string;
  kind: string;
  description: string;
  amount: number;
  service_order?: string;
  billed_at: string;
}

const body = anLlc({
  state: 'DE',
  services: ['ein_application', 'compliance_bundle'],
  service_options: { formation: { turnaround: 'expedited' } },
});

let key: string;
let preview: { lines: { product_key: string; description: string; unit_amount: number }[] };
let orders: { id: string; product_key: string; interval: string }[];
let invoices: { id: string; period: string; hosted_url?: string; lines: Line[] }[];

beforeAll(async () => {
  ({ testKey: key } = await aFreshPartner());
  const previewed = await api(key).post('/companies/preview', body);
  expect(previewed.status).toBe(200);
  preview = previewed.body;
  const created = await api(key).post('/companies?expand[]=service_orders', body);
  expect(created.status).toBe(201);
  orders = created.body.service_orders;
  await advance(key, new Date(Date.now() + 399 * DAY).toISOString());
  const listed = await api(key).get('/invoices?limit=100');
  expect(listed.status).toBe(200);
  invoices = await Promise.all(listed.body.items.map(async (i: { id: string }) => (await api(key).get(`/invoices/${i.id}`)).body));
  invoices.sort((a, b) => a.period.localeCompare(b.period));
}, 120_000);

const productOf = (line: Line) => orders.find((o) => o.id === line.service_order)?.product_key;

it('every line of the year names the product it bills; a state fee names its state', () => {
  const lines = invoices.flatMap((i) => i.lines);
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    const product = productOf(line);
    expect(product).toBeDefined();
    expect(line.description).toContain(findProduct(product!)!.name);
  }
  const stateFees = lines.filter((l) => l.kind === 'fee' && l.description.startsWith('State filing fee'));
  // Formation's and the annual report's at creation, the annual report's again at its renewal.
  expect(stateFees.map((l) => [productOf(l), l.amount, l.description]).sort()).toEqual([
    ['annual_report', 30000, 'State filing fee (Delaware), Annual report filing'],
    ['annual_report', 30000, 'State filing fee (Delaware), Annual report filing, renewal (period 2)'],
    ['formation', 14000, 'State filing fee (Delaware), Company formation'],
  ]);
  expect(lines.some((l) => l.description.includes('EIN application') && l.amount === 30000)).toBe(false);
});

it('year 2 bills each yearly order what it billed in year 1, state fee included', () => {
  const first = invoices[0].lines;
  const renewals = invoices.slice(1).flatMap((i) => i.lines.filter((l) => /renewal/.test(l.description)));
  const yearly = orders.filter((o) => o.interval === 'yearly');
  expect(yearly.map((o) => o.product_key).sort()).toEqual(['annual_report', 'compliance_bundle', 'registered_agent']);
  const billed = (lines: Line[], order: string) =>
    lines
      .filter((l) => l.service_order === order)
      .map((l) => l.amount)
      .sort((a, b) => a - b);
  for (const order of yearly) expect([order.product_key, billed(renewals, order.id)]).toEqual([order.product_key, billed(first, order.id)]);
  expect(billed(renewals, yearly.find((o) => o.product_key === 'annual_report')!.id)).toEqual([30000]);
});

it('the first invoice has the preview’s lines: the same descriptions and amounts, formation and its expedited option apart', () => {
  const shown = preview.lines.filter((l) => l.unit_amount !== 0).map((l) => [l.description, l.unit_amount]);
  const invoiced = invoices[0].lines.map((l) => [l.description, l.amount]);
  expect(invoiced.sort()).toEqual(shown.sort());
  expect(invoiced).toContainEqual(['Company formation', 9900]);
  expect(invoiced).toContainEqual(['Company formation, expedited turnaround', 15000]);
});

it('the hosted invoice and its PDF show each API line, worded the same', async () => {
  for (const invoice of [invoices[0], invoices.find((i) => i.lines.some((l) => /renewal \(period 2\)/.test(l.description)))!]) {
    expect(invoice.hosted_url).toBeDefined();
    const html = (await api().get(invoice.hosted_url!)).text;
    const rows = [...html.matchAll(/<td class="desc">([^<]*)<\/td>/g)].map((m) => m[1].replace(/&#39;/g, "'"));
    expect(rows.sort()).toEqual(invoice.lines.map((l) => l.description).sort());
    const pdf = Buffer.from(await (await fetch(`${invoice.hosted_url}.pdf`)).arrayBuffer());
    const text = pdfText(pdf).join(' ');
    for (const line of invoice.lines) for (const word of line.description.split(' ')) expect(text).toContain(word);
  }
});
