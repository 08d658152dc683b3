import { html } from '../html';
import { page } from './layout';

/**
 * What a person who opens a hosted invoice link that no longer works sees (404): links last one hour
 * (docs/decisions.md, "The hosted invoice"), so an old link in an e-mail or a bookmark is the common case,
 * and a page says what to do where the JSON envelope said "No such invoice page." to a browser.
 */
export function invoiceNotFoundPage(): string {
  return page(
    'Invoice link not found',
    html`<div class="card"><h1>This invoice link does not work</h1><p>Invoice links last one hour. Open the invoice again from your dashboard or integration (<code>GET /v1/invoices/{id}</code> gives a fresh <code>hosted_url</code>).</p></div>`,
  );
}
