import { apiOperation } from '../../lib/http/operation';
import { getInvoice as contract } from '../../lib/routes/orders/get-invoice';
import { resourceMissing } from '../../lib/errors';
import { now } from '../../lib/clock';
import { getInvoiceRecord } from '../../lib/billing/close-period';
import { linesOfInvoice } from '../../lib/billing/ledger-store';
import { renderInvoice } from '../../lib/billing/invoice';
import { hostedInvoiceUrl } from '../../lib/billing/hosted-link';

/** GET /v1/invoices/{invoiceID}: one invoice with its lines and a fresh short-lived `hosted_url`. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, params }) => {
    const invoice = await getInvoiceRecord(caller.scope, params.invoiceID);
    if (!invoice || invoice.status === 'draft') throw resourceMissing('invoice', params.invoiceID);
    const lines = await linesOfInvoice(caller.scope, invoice.id);
    return { status: 200, body: renderInvoice(invoice, { lines, hostedUrl: hostedInvoiceUrl(caller.scope, invoice.id, now().getTime()) }) };
  },
});
