import * as z from 'zod';
import { keyless } from '../core/operation';
import { PAGES_TAG } from '../core/keyless-pages';

export const hostedInvoice = keyless('pages', 'hosted-invoice', {
  method: 'GET',
  path: '/invoices/hosted/{token}',
  operation: 'hostedInvoice',
  params: z.strictObject({ token: z.string() }),
  operationId: 'hostedInvoicePage',
  summary: 'The hosted invoice: an HTML page, or its JSON with Accept: application/json',
  description: 'At the host root, not under /v1, and without an API key: the `hosted_url` of an invoice (GET /v1/invoices/{invoiceID}) opens it for one hour. An expired or forged link is 404.',
  tag: PAGES_TAG,
  responses: { 200: { description: 'The invoice, as text/html (or JSON with Accept: application/json).' } },
  errors: [404],
});
