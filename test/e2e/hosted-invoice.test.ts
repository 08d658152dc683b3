import { useStackDatabase } from '../support/stack';
import { api } from '../support/http';
import { anInvoiceWithEverything, pdfText } from '../support/invoices';
import { hostedInvoiceUrl } from '../../lib/billing/hosted-link';

useStackDatabase();

let fixture: Awaited<ReturnType<typeof anInvoiceWithEverything>>;
beforeAll(async () => {
  fixture = await anInvoiceWithEverything();
}, 60_000);

const plainText = (s: string) => s.replace(/<[^>]+>/g, '').replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));

/** The page's companies, each with its rows (role, description, date, amount) and its subtotal row. */
function sectionsOf(html: string) {
  return html
    .split('<section class="company">')
    .slice(1)
    .map((section) => ({
      heading: plainText(/<h2>(.*?)<\/h2>/s.exec(section)![1]),
      rows: [
        ...section.matchAll(
          /<tr class="(item|option|fee|credit)"><td class="desc">(.*?)<\/td><td class="date">(.*?)<\/td><td class="n">(.*?)<\/td><\/tr>/g,
        ),
      ].map((m) => [m[1], plainText(m[2]), plainText(m[3]), plainText(m[4])]),
      subtotal: plainText(/<tr class="subtotal"><td colspan="2">(.*?)<\/td><td class="n">(.*?)<\/td>/.exec(section)!.slice(1).join(' = ')),
    }));
}

const today = () => new Date().toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
const longDay = (d: Date) => d.toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });

describe('the hosted invoice over HTTP', () => {
  it('is the document a finance team files: issuer, bill-to, number, status, period, issue and due dates', async () => {
    const { invoice, partner } = fixture;
    const res = await api().get(invoice.hosted_url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = plainText(res.text);
    // Nothing loaded from elsewhere: no script, no stylesheet link, no image.
    expect(res.text).not.toMatch(/<script|<link |<img |url\(/i);
    expect(text).toContain('Partner API'); // the issuer (INVOICE_ISSUER_NAME's default)
    expect(res.text).toMatch(
      /<div class="label">Bill to<\/div><div class="party partner"><div class="name"><strong>Northwind Formations [A-Z]{4}<\/strong>/,
    );
    expect(text).toContain(partner.owner_email);
    expect(/<td id="number">(.*?)<\/td>/.exec(res.text)![1]).toBe(invoice.number);
    expect(text).toContain('Open');
    // A sandbox run's invoice is issued at its period's close: the first instant after the period.
    const [year, month] = invoice.period.split('-').map(Number);
    const first = new Date(Date.UTC(year, month - 1, 1));
    const lastDay = new Date(Date.UTC(year, month, 0));
    const issued = new Date(invoice.created_at);
    expect(issued.toISOString()).toBe(new Date(Date.UTC(year, month, 1)).toISOString());
    expect(text).toContain(`Issued${longDay(issued)}`);
    expect(text).toContain(`Due${longDay(new Date(issued.getTime() + 30 * 86_400_000))}`);
    expect(text).toContain(`Period${longDay(first)} – ${longDay(lastDay)}`);
    expect(text).toContain('A line recorded after its month closed is billed on the next invoice, marked as a late line of its month.');
    expect(text).toContain('Test invoice.');
  });

  it('groups lines by company in words, options and fees under their order, the credit as its own line, subtotals, total with separators', async () => {
    const { invoice, acme, globex } = fixture;
    const html = (await api().get(invoice.hosted_url)).text;
    const day = today();
    expect(sectionsOf(html)).toEqual([
      {
        heading: `${acme.legal_name}${acme.id}`,
        rows: [
          ['item', 'Company formation', day, '$99.00'],
          ['option', 'Company formation, expedited turnaround', '', '$150.00'],
          ['fee', 'State filing fee (Delaware), Company formation', day, '$140.00'],
          ['fee', 'Processing fee, Company formation', day, '$5.00'],
          ['item', 'Registered agent', day, '$49.00'],
          ['item', 'Bookkeeping', day, '$149.00'],
          ['option', 'Bookkeeping, growth tier', '', '$100.00'],
          ['item', 'EIN application', day, '$25.00'],
          ['credit', 'Credit: EIN application canceled before fulfilment', day, '-$25.00'],
        ],
        subtotal: `Subtotal, ${acme.legal_name} = $692.00`,
      },
      {
        heading: `${globex.legal_name}${globex.id}`,
        rows: [
          ['item', 'Company formation', day, '$99.00'],
          ['fee', 'State filing fee (Wyoming), Company formation', day, '$104.00'],
          ['fee', 'Processing fee, Company formation', day, '$5.00'],
          ['item', 'Registered agent', day, '$49.00'],
          ['item', 'Annual report filing', day, '$49.00'],
          ['fee', 'State filing fee (Wyoming), Annual report filing', day, '$60.00'],
        ],
        subtotal: `Subtotal, ${globex.legal_name} = $366.00`,
      },
    ]);
    expect(invoice.amount_due).toBe(105_800);
    const totals = plainText(/<table class="totals">(.*?)<\/table>/s.exec(html)![1]).replace(/\s+/g, ' ');
    expect(totals).toContain('Charges$1,083.00');
    expect(totals).toContain('Credits-$25.00');
    expect(totals).toContain('Total$1,058.00');
    expect(totals).toContain('Amount paid$0.00');
    expect(totals).toMatch(/Balance due by [A-Z][a-z]+ \d{1,2}, \d{4}\$1,058\.00/);
    // No catalog key reaches the page.
    expect(plainText(html)).not.toMatch(/state_fee|processing_fee|formation:|ein_application|registered_agent/);
  });

  it('names every line in words on GET /v1/invoices/{id} too', async () => {
    const { invoice, orders } = fixture;
    const lines = invoice.lines as { description: string; service_order?: string; kind: string }[];
    for (const line of lines) expect(line.description).not.toMatch(/^[a-z_]+(:|$)/);
    const descriptions = lines.map((l) => l.description);
    expect(descriptions).toEqual(
      expect.arrayContaining([
        'Company formation, expedited turnaround',
        'State filing fee (Delaware), Company formation',
        'Processing fee, Company formation',
        'Bookkeeping, growth tier',
        'State filing fee (Wyoming), Annual report filing',
        'Credit: EIN application canceled before fulfilment',
      ]),
    );
    expect(lines.filter((l) => l.service_order === orders.ein.id).map((l) => [l.kind, l.description])).toEqual([
      ['order', 'EIN application'],
      ['credit', 'Credit: EIN application canceled before fulfilment'],
    ]);
  });
});

describe('the PDF beside the hosted page', () => {
  it('is the same document as application/pdf, inline as <number>.pdf, linked from the page', async () => {
    const { invoice, partner } = fixture;
    const html = (await api().get(invoice.hosted_url)).text;
    const href = /<a class="pdf" href="([^"]+)">Download PDF<\/a>/.exec(html)![1];
    const url = new URL(href, invoice.hosted_url).href;
    expect(url).toBe(`${invoice.hosted_url}.pdf`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${invoice.number}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toEqual(
      expect.arrayContaining([
        'INVOICE',
        invoice.number,
        partner.name,
        partner.owner_email,
        '$1,058.00',
        'Company formation, expedited turnaround',
        'Credit: EIN application canceled before fulfilment',
        '-$25.00',
      ]),
    );
    expect(text).toContain(`Subtotal, ${fixture.acme.legal_name}`);
    expect(text[text.indexOf('Total') + 1]).toBe('$1,058.00');
  });
});

describe("the link's protection", () => {
  it('refuses a tampered, forged or expired link for the PDF as for the page (404); a link minted with the key opens both', async () => {
    const { invoice, partner } = fixture;
    const url = new URL(invoice.hosted_url);
    const token = url.pathname.split('/').pop()!;
    const [data, signature] = token.split('.');
    const flipped = `${data}.${signature.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'))}`;
    const forged = `${Buffer.from(JSON.stringify({ p: partner.id, m: 'test', i: invoice.id, e: Date.now() + 3_600_000 })).toString('base64url')}.${signature}`;
    const expired = new URL(
      await hostedInvoiceUrl({ partnerId: partner.id, mode: 'test' }, invoice.id, Date.now() - 2 * 3_600_000),
    ).pathname
      .split('/')
      .pop()!;
    const fresh = new URL(await hostedInvoiceUrl({ partnerId: partner.id, mode: 'test' }, invoice.id, Date.now())).pathname
      .split('/')
      .pop()!;
    const at = (t: string) => `${url.origin}/invoices/hosted/${t}`;
    for (const bad of [flipped, forged, expired, `${data}.pdf`, 'not-a-token.pdf']) {
      for (const target of [at(bad), at(`${bad}.pdf`)]) {
        const res = await fetch(target);
        expect({ target, status: res.status, type: res.headers.get('content-type') }).toEqual({
          target,
          status: 404,
          type: expect.not.stringContaining('pdf'),
        });
      }
    }
    expect((await fetch(at(fresh))).status).toBe(200);
    expect((await fetch(at(`${fresh}.pdf`))).headers.get('content-type')).toBe('application/pdf');
  });
});
