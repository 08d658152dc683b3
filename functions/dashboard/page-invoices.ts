import { dashboardPageOperation } from '../../lib/http/dashboard/page-operation';
import { dashboardInvoices as contract } from '../../lib/routes/dashboard/page-invoices';
import { dashboardInvoices } from '../../lib/dashboard/invoices';
import { invoicesPage } from '../../lib/dashboard/pages/invoices';

/** GET /dashboard/invoices: the invoices page (owners and finance). */
export const handler = dashboardPageOperation({
  ...contract,
  handle: async ({ auth, query }) => invoicesPage(auth.session, await dashboardInvoices(auth.session.partner_id, query), query.livemode),
});
