import { createPartner } from '../../lib/partners/partner';
import { issueApiKey } from '../../lib/auth/api-key';
import { api } from './http';
import { anLlc, aCorp, createCompany, uniqueWord } from './companies';

const firstOfNextMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString();
};

async function order(key: string, companyId: string, body: Record<string, unknown>) {
  const res = await api(key).post(`/companies/${companyId}/service-orders`, body);
  if (res.status !== 201) throw new Error(`order not created: ${res.status} ${res.text}`);
  return res.body;
}

/**
 * A sandbox invoice with what a finance team meets in a month: two companies, each with its formation
 * (a state fee and a processing fee), an expedited formation (a paid option), a bookkeeping order on
 * the growth tier (another option), an annual report with its state fee, and an EIN application
 * canceled before fulfilment (a credit), closed by the sandbox billing run. Needs useStackDatabase().
 */
export async function anInvoiceWithEverything() {
  const partner = await createPartner({
    name: `Northwind Formations ${uniqueWord(4).toUpperCase()}`,
    ownerEmail: `finance.${uniqueWord(6)}@northwind.test`,
  });
  const { secret: key } = await issueApiKey({ partnerId: partner.id, mode: 'test', rateLimit: { burst: 100_000, sustained: 1_000_000 } });
  const acme = await createCompany(
    key,
    anLlc({ name: `Acme Widgets ${uniqueWord(3)}`, state: 'DE', service_options: { formation: { turnaround: 'expedited' } } }),
  );
  const globex = await createCompany(key, aCorp({ name: `Globex ${uniqueWord(3)}`, state: 'WY' }));
  const bookkeeping = await order(key, acme.id, { product_key: 'bookkeeping', options: { tier: 'growth' } });
  const ein = await order(key, acme.id, { product_key: 'ein_application' });
  const canceled = await api(key).post(`/service-orders/${ein.id}/cancel`);
  if (canceled.status !== 200) throw new Error(`cancel refused: ${canceled.status} ${canceled.text}`);
  const report = await order(key, globex.id, { product_key: 'annual_report' });
  const run = await api(key).post('/sandbox/billing/run', { as_of: firstOfNextMonth() });
  if (run.status !== 200 || !run.body.invoice) throw new Error(`billing run: ${run.status} ${run.text}`);
  const invoice = (await api(key).get(`/invoices/${run.body.invoice.id}`)).body;
  return { partner, key, acme, globex, orders: { bookkeeping, ein, report }, invoice };
}

/**
 * The text a PDF shows, in drawing order: the strings of its `Tj` operators, unescaped and decoded
 * from WinAnsi (what the PDF standard fonts use). Enough for PDFs with uncompressed content streams,
 * which is how the hosted invoice's PDF is written.
 */
export function pdfText(pdf: Buffer): string[] {
  // WinAnsi's bytes 0x80 and 0x91-0x97, where it departs from Latin-1.
  const WIN_ANSI = new Map<number, string>([
    [0x80, '€'],
    [0x91, '‘'],
    [0x92, '’'],
    [0x93, '“'],
    [0x94, '”'],
    [0x95, '•'],
    [0x96, '–'],
    [0x97, '—'],
  ]);
  const source = pdf.toString('latin1');
  const out: string[] = [];
  for (const match of source.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
    const raw = match[1].replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, e: string) =>
      /^[0-7]/.test(e)
        ? String.fromCharCode(Number.parseInt(e, 8))
        : (({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[e] ?? e),
    );
    out.push([...raw].map((ch) => WIN_ANSI.get(ch.charCodeAt(0)) ?? ch).join(''));
  }
  return out;
}
