import { dashboardApiOperation } from '../../lib/http/dashboard/api-operation';
import { dashboardApiListInvoices as contract } from '../../lib/routes/dashboard/api-list-invoices';
import { dashboardInvoices } from '../../lib/dashboard/invoices';

/** GET /dashboard/api/invoices: the partner's invoices, both modes unless `livemode`, newest first, paged. */
export const handler = dashboardApiOperation({
  ...contract,
  handle: async ({ auth, query }) => ({ status: 200, body: await dashboardInvoices(auth.session.partner_id, query) }),
});
