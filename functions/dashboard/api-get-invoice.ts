import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiGetInvoice as contract } from '../../lib/routes/dashboard/api-get-invoice';
import { dashboardInvoice } from '../../lib/dashboard/invoices';
import { resourceMissing } from '../../lib/errors';

/** GET /dashboard/api/invoices/{invoiceID}: one invoice of either mode, with its lines and links. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, params }) => {
    const invoice = await dashboardInvoice(auth.session.partner_id, params.invoiceID);
    if (!invoice) throw resourceMissing('invoice', params.invoiceID);
    return { status: 200, body: invoice };
  },
});
