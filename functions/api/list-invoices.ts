import { apiOperation } from '../../lib/http/operation';
import { listInvoices as contract } from '../../lib/routes/orders/list-invoices';
import { listInvoices } from '../../lib/billing/invoice-store';
import { renderInvoice } from '../../lib/billing/invoice';

/** GET /v1/invoices: finalized invoices of the caller's mode, newest first, with the spec's page block. */
export const handler = apiOperation({
  ...contract,
  handle: async ({ caller, query }) => {
    const page = await listInvoices(caller.scope, query);
    return { status: 200, body: { object: 'list', page: page.page, items: page.items.map((i) => renderInvoice(i)) } };
  },
});
