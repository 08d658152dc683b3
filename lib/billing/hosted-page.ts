import type { Invoice } from '../resources/invoice';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (cents: number) => `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2)}`;

/** The hosted invoice as a small self-contained HTML page (no scripts, nothing loaded from elsewhere). */
export function hostedInvoicePage(invoice: Invoice): string {
  const rows = (invoice.lines ?? []).map((l) => `<tr><td>${esc((l.billed_at ?? '').slice(0, 10))}</td><td>${esc(l.description)}</td><td class="n">${money(l.amount)}</td></tr>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Invoice ${esc(invoice.number ?? invoice.id)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:48rem;margin:2rem auto}table{width:100%;border-collapse:collapse}td{padding:.3rem;border-bottom:1px solid #ddd}.n{text-align:right}</style></head>
<body><h1>Invoice ${esc(invoice.number ?? invoice.id)}${invoice.livemode ? '' : ' (test)'}</h1>
<p>Period ${esc(invoice.period ?? '')} · status ${esc(invoice.status)}</p>
<table><tbody>${rows}</tbody></table>
<p><strong>Amount due: ${money(invoice.amount_due)}</strong> · paid ${money(invoice.amount_paid)}</p></body></html>`;
}
