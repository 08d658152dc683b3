import { listInvoicesQuery } from '../../billing/schemas';
import { invoiceSchema } from '../../resources/invoice';
import { pagedList } from '../../resources/lists';
import { partner } from '../core/operation';
import { tag } from './shared';

export const listInvoices = partner('list-invoices', {
  method: 'GET',
  path: '/v1/invoices',
  operation: 'listInvoices',
  scope: 'billing:read',
  query: listInvoicesQuery,
  summary: 'Month-end invoices, newest first, paged',
  tag,
  responses: { 200: { description: 'A page of invoices.', schema: pagedList('InvoiceList', invoiceSchema, 'A page of invoices.') } },
});
