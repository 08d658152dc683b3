import type { DashboardInvoice } from '../invoices';
import type { PageBlock } from '../../paging/keyset-page';
import type { DashboardSession } from '../session';
import { html, utc } from './html';
import { page } from './layout';
import { monthName } from '../../billing/period';
import { formatMoney } from '../../billing/line-words';

const mode = (i: { livemode?: boolean }) =>
  html`<span class="badge ${i.livemode ? 'live' : 'test'}">${i.livemode ? 'live' : 'test'}</span>`;
const STATUS_BADGE: Record<string, string> = { open: 'test', paid: 'live', void: 'off', uncollectible: 'off' };

/**
 * The invoices page (owners and finance): both modes unless one is chosen, newest first; each with its
 * number, period, status, total and the links to its hosted page and PDF (valid for an hour, minted
 * with the page). Lines billed after their month closed are on the next invoice, marked as late.
 */
export function invoicesPage(
  session: DashboardSession,
  list: { items: DashboardInvoice[]; page: PageBlock },
  livemode: boolean | undefined,
) {
  const filter = livemode === undefined ? '' : `livemode=${livemode}&`;
  return page(
    'Invoices',
    session,
    html`<p class="hint">Month-end wholesale invoices, both modes (test-mode invoices come from the sandbox's billing runs and are never charged). A line recorded after its month closed is billed on the next invoice, labelled as a late line of its month.</p>
    <form method="get" action="/dashboard/invoices" class="inline-form"><label for="livemode">Mode</label>
      <select id="livemode" name="livemode"><option value="">both</option><option value="true" ${livemode === true ? 'selected' : ''}>live</option><option value="false" ${livemode === false ? 'selected' : ''}>test</option></select>
      <button type="submit" class="secondary">Show</button></form>
    <section aria-labelledby="list"><h2 id="list">Invoices <span class="hint">(${list.page.total} in all)</span></h2>
    ${
      list.items.length === 0
        ? html`<p>No invoices yet. The first is issued at the close of the first month you billed anything.</p>`
        : html`<table class="rows"><thead><tr><th>Invoice</th><th>Mode</th><th>Period</th><th>Status</th><th class="num">Total</th><th>Issued</th><th>Documents</th></tr></thead><tbody>
      ${list.items.map(
        (i) =>
          html`<tr data-invoice="${i.id}"><td data-label="Invoice"><strong>${i.number ?? i.id}</strong><br><code class="id">${i.id}</code></td>
          <td data-label="Mode">${mode(i)}</td><td data-label="Period">${i.period ? monthName(i.period) : '—'}</td>
          <td data-label="Status"><span class="badge ${STATUS_BADGE[i.status] ?? ''}">${i.status}</span></td>
          <td data-label="Total" class="num">${formatMoney(i.amount_due, i.currency)}</td><td data-label="Issued">${utc(i.created_at)}</td>
          <td data-label="Documents"><a href="${i.hosted_url}">Hosted page</a> · <a href="${i.pdf_url}">PDF</a></td></tr>`,
      )}</tbody></table>`
    }
    <nav class="pager" aria-label="Pages">
      ${list.page.has_prev_page && list.page.start_cursor ? html`<a href="/dashboard/invoices?${filter}before=${encodeURIComponent(list.page.start_cursor)}">Newer</a>` : ''}
      ${list.page.has_next_page && list.page.end_cursor ? html`<a href="/dashboard/invoices?${filter}after=${encodeURIComponent(list.page.end_cursor)}">Older</a>` : ''}
    </nav></section>`,
  );
}
