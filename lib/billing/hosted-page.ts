import { longDate, money, PAYMENT_TERMS_DAYS, type DocumentRow, type InvoiceDocument } from './invoice-document';
import { LATE_LINES_NOTE } from './invoice';
import { html, joined, raw, type Raw } from '../html';

/** "2026-11-23" → "Nov 23, 2026" in the lines' date column. */
export function shortDate(isoDay: string): string {
  return new Date(`${isoDay}T00:00:00Z`).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
}

export const STATUS_WORDS: Record<string, string> = { open: 'Open', paid: 'Paid', uncollectible: 'Uncollectible', void: 'Void' };

const CSS = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1d2330}
body{margin:0;background:#f4f5f7}
main{max-width:52rem;margin:2rem auto;background:#fff;padding:2.5rem 3rem;box-shadow:0 1px 3px rgba(0,0,0,.08);border-radius:6px}
header{display:flex;justify-content:space-between;gap:2rem;align-items:flex-start;border-bottom:2px solid #1d2330;padding-bottom:1.25rem}
.issuer .name{font-size:1.25rem;font-weight:700}
.party div,.facts td{line-height:1.45}
h1{font-size:1.9rem;letter-spacing:.08em;margin:0 0 .5rem;text-align:right}
.facts{border-collapse:collapse;margin-left:auto}
.facts th{text-align:left;font-weight:400;color:#5b6272;padding:.1rem 1rem .1rem 0}
.facts td{text-align:right;font-weight:600;font-variant-numeric:tabular-nums}
.badge{display:inline-block;padding:.1rem .6rem;border-radius:999px;font-size:.85rem;font-weight:700;border:1px solid currentColor}
.badge.open{color:#1f4fb5}.badge.paid{color:#2e7d4f}.badge.uncollectible,.badge.void{color:#a12a2a}
.test{margin:1.25rem 0 0;padding:.6rem .9rem;background:#fff6db;border:1px solid #e8c65a;border-radius:4px}
.billto{margin:1.5rem 0 2rem}
.label{text-transform:uppercase;font-size:.75rem;letter-spacing:.08em;color:#5b6272;font-weight:700;margin-bottom:.3rem}
section.company{margin-bottom:1.75rem;break-inside:avoid-page}
h2{font-size:1.05rem;margin:0 0 .4rem}
h2 .id{font-weight:400;color:#5b6272;font-size:.8rem;margin-left:.5rem}
table.lines{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums;table-layout:fixed}
table.lines th:nth-child(2){width:8rem}table.lines th:nth-child(3){width:8rem}
table.lines th{text-align:left;font-size:.75rem;text-transform:uppercase;letter-spacing:.06em;color:#5b6272;border-bottom:1px solid #c9ced8;padding:.35rem .4rem}
table.lines td{padding:.35rem .4rem;border-bottom:1px solid #eceef2;vertical-align:top}
.n,table.lines th.n{text-align:right;white-space:nowrap}
td.date{white-space:nowrap;color:#5b6272}
tr.item td.desc{font-weight:600}
tr.option td.desc,tr.fee td.desc,tr.credit td.desc{padding-left:1.6rem}
tr.credit td{color:#a12a2a}
tr.subtotal td{border-bottom:none;border-top:1px solid #c9ced8;font-weight:700}
table.totals{margin:1.5rem 0 0 auto;border-collapse:collapse;min-width:20rem;font-variant-numeric:tabular-nums}
table.totals th{text-align:left;font-weight:400;padding:.3rem 1.5rem .3rem 0}
table.totals td{text-align:right;padding:.3rem .4rem .3rem 0}
table.totals tr.total th,table.totals tr.total td{font-weight:700;border-top:2px solid #1d2330;padding-top:.5rem}
table.totals tr.due th,table.totals tr.due td{font-weight:700;font-size:1.15rem}
footer{margin-top:2.5rem;padding-top:1rem;border-top:1px solid #c9ced8;color:#5b6272;font-size:.85rem;display:flex;justify-content:space-between;gap:1rem}
a.pdf{color:#1f4fb5;font-weight:600}
@page{size:auto;margin:14mm}
@media print{body{background:#fff}main{box-shadow:none;margin:0;padding:0;max-width:none}a.pdf{display:none}.badge,.badge.open,.badge.paid,.badge.uncollectible,.badge.void{border-color:#1d2330;color:#1d2330}}
@media (max-width:40rem){main{padding:1.25rem;margin:0}header{flex-direction:column}h1{text-align:left}.facts{margin-left:0}td.date,table.lines th:nth-child(2){display:none}}
`;

function party(p: { name: string; lines: string[] }, cls: string): Raw {
  return html`<div class="party ${cls}"><div class="name"><strong>${p.name}</strong></div>${p.lines.map((l) => html`<div>${l}</div>`)}</div>`;
}

function row(r: DocumentRow, currency: string): Raw {
  return html`<tr class="${r.role}"><td class="desc">${r.description}</td><td class="date">${r.date ? shortDate(r.date) : ''}</td><td class="n">${money(r.amount, currency)}</td></tr>`;
}

/**
 * The hosted invoice as a self-contained HTML page: no scripts, nothing loaded from elsewhere, styled
 * for the screen and for print (what a finance team prints is this page). `pdfUrl` links the same
 * document as a PDF.
 */
export function hostedInvoicePage(doc: InvoiceDocument, pdfUrl?: string): string {
  const c = doc.currency;
  const companies = joined(
    doc.companies.map(
      (company) => html`<section class="company"><h2>${company.name}${company.id ? html`<span class="id">${company.id}</span>` : ''}</h2>
<table class="lines"><thead><tr><th>Description</th><th>Date</th><th class="n">Amount</th></tr></thead><tbody>
${joined(
  company.orders.flatMap((o) => o.rows.map((r) => row(r, c))),
  '\n',
)}
<tr class="subtotal"><td colspan="2">Subtotal${company.id ? `, ${company.name}` : ''}</td><td class="n">${money(company.subtotal, c)}</td></tr>
</tbody></table></section>`,
    ),
    '\n',
  );
  const status = STATUS_WORDS[doc.status] ?? doc.status;
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow">
<title>Invoice ${doc.number} · ${doc.issuer.name}</title>
<style>${raw(CSS)}</style></head>
<body><main>
<header>${party(doc.issuer, 'issuer')}
<div><h1>INVOICE</h1><table class="facts"><tbody>
<tr><th>Invoice number</th><td id="number">${doc.number}</td></tr>
<tr><th>Status</th><td><span class="badge ${doc.status}">${status}</span></td></tr>
<tr><th>Issued</th><td>${longDate(doc.issuedOn)}</td></tr>
<tr><th>Due</th><td>${longDate(doc.dueOn)}</td></tr>
<tr><th>Period</th><td>${longDate(doc.period.from)} – ${longDate(doc.period.to)}</td></tr>
</tbody></table></div></header>
${doc.test ? html`<p class="test"><strong>Test invoice.</strong> Made in the sandbox: it is never charged.</p>` : ''}
<div class="billto"><div class="label">Bill to</div>${party(doc.billTo, 'partner')}</div>
${companies}
<table class="totals"><tbody>
<tr><th>Charges</th><td>${money(doc.charges, c)}</td></tr>
<tr><th>Credits</th><td>${money(doc.credits, c)}</td></tr>
<tr class="total"><th>Total</th><td id="total">${money(doc.total, c)}</td></tr>
<tr><th>Amount paid</th><td>${money(doc.amountPaid, c)}</td></tr>
<tr class="due"><th>Balance due${doc.amountDue > 0 ? ` by ${longDate(doc.dueOn)}` : ''}</th><td>${money(doc.amountDue, c)}</td></tr>
</tbody></table>
<footer><span>Amounts in ${c.toUpperCase()}. Wholesale services for the period ${doc.period.label}; payment due ${PAYMENT_TERMS_DAYS} days after issue. ${LATE_LINES_NOTE}</span>${pdfUrl ? html`<a class="pdf" href="${pdfUrl}">Download PDF</a>` : ''}</footer>
</main></body></html>`.html;
}
