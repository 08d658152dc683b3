import type { Scope } from '../../lib/scope';
import type { ReadBatch } from '../../lib/store/read-batch';
import { apiOperation } from '../../lib/http/operation';
import { getInvoice as contract } from '../../lib/routes/orders/get-invoice';
import { resourceMissing } from '../../lib/errors';
import { realNow } from '../../lib/clock';
import { getInvoiceRecord } from '../../lib/billing/close-period';
import { linesOfInvoice } from '../../lib/billing/ledger-store';
import { renderInvoice } from '../../lib/billing/invoice';
import { hostedInvoiceUrl } from '../../lib/billing/hosted-link';

/** GET /v1/invoices/{invoiceID}: one invoice with its lines and a fresh short-lived `hosted_url`. */
export const handler = apiOperation({
  ...contract,
  // The invoice and its lines need only its id: both reads go out with the key's (the invoice in its request).
  prefetch: (scope, params, batch) => invoiceWithLines(scope, params.invoiceID, batch),
  handle: async ({ caller, params, prefetched }) => {
    const [invoice, lines] = await (prefetched ?? invoiceWithLines(caller.scope, params.invoiceID));
    if (!invoice || invoice.status === 'draft') throw resourceMissing('invoice', params.invoiceID);
    const hostedUrl = await hostedInvoiceUrl(caller.scope, invoice.id, realNow().getTime());
    return { status: 200, body: renderInvoice(invoice, { lines, hostedUrl }) };
  },
});

const invoiceWithLines = (scope: Scope, invoiceId: string, batch?: ReadBatch) =>
  Promise.all([getInvoiceRecord(scope, invoiceId, batch), linesOfInvoice(scope, invoiceId)]);
