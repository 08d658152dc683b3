import { dashboardInvoiceParams } from '../../dashboard/invoices';
import { dashboardApi } from '../core/operation';

export const dashboardApiGetInvoice = dashboardApi('api-get-invoice', {
  method: 'GET',
  path: '/dashboard/api/invoices/{invoiceID}',
  operation: 'dashboardApiGetInvoice',
  params: dashboardInvoiceParams,
});
