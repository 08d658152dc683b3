import { noQuery } from '../../input/empty';
import { invoiceIdParams } from '../../orders/params';
import { invoiceSchema } from '../../resources/invoice';
import { partner } from '../core/operation';
import { tag } from './shared';

export const getInvoice = partner('get-invoice', {
  method: 'GET',
  path: '/v1/invoices/{invoiceID}',
  operation: 'getInvoice',
  scope: 'billing:read',
  params: invoiceIdParams,
  query: noQuery,
  summary: 'One invoice with its lines and a one-hour hosted_url',
  tag,
  responses: { 200: { description: 'The invoice.', schema: invoiceSchema } },
  errors: [404],
});
