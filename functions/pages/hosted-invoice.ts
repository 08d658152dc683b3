import { keylessOperation } from '../../lib/http/keyless-operation';
import { hostedInvoice as contract } from '../../lib/routes/orders/hosted-invoice';
import { resourceMissing } from '../../lib/errors';
import { header } from '../../lib/http/core/types';
import { now } from '../../lib/clock';
import { readHostedToken } from '../../lib/billing/hosted-link';
import { getInvoiceRecord } from '../../lib/billing/close-period';
import { linesOfInvoice } from '../../lib/billing/ledger-store';
import { renderInvoice } from '../../lib/billing/invoice';
import { hostedInvoicePage } from '../../lib/billing/hosted-page';
import type { ApiResponse } from '../../lib/http/core/types';

/** GET /invoices/hosted/{token}: the keyless invoice page behind `hosted_url`; expired or forged → 404. */
export const handler = keylessOperation({
  ...contract,
  handle: async ({ event }): Promise<ApiResponse> => {
    const target = readHostedToken(event.pathParameters?.token ?? '', now().getTime());
    const scope = target ? { partnerId: target.partnerId, mode: target.mode } : undefined;
    const invoice = scope ? await getInvoiceRecord(scope, target!.invoiceId) : undefined;
    if (!scope || !invoice || invoice.status === 'draft') throw resourceMissing('invoice page', undefined);
    const view = renderInvoice(invoice, { lines: await linesOfInvoice(scope, invoice.id) });
    if ((header(event, 'accept') ?? '').includes('application/json')) return { status: 200, body: view, headers: { 'Cache-Control': 'no-store' } };
    return { status: 200, text: hostedInvoicePage(view), headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } };
  },
});
