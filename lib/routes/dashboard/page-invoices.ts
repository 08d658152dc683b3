import { dashboardInvoicesQuery } from '../../dashboard/invoices';
import { dashboardPage } from '../core/operation';

export const dashboardInvoices = dashboardPage('page-invoices', {
  method: 'GET',
  path: '/dashboard/invoices',
  operation: 'dashboardInvoices',
  query: dashboardInvoicesQuery,
});
