import { dashboardInvoicesQuery } from '../../dashboard/invoices';
import { dashboardApi } from '../core/operation';

export const dashboardApiListInvoices = dashboardApi('api-list-invoices', {
  method: 'GET',
  path: '/dashboard/api/invoices',
  operation: 'dashboardApiListInvoices',
  query: dashboardInvoicesQuery,
});
