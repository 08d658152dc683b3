import * as z from 'zod';
import { keyless } from '../core/operation';
import { PAGES_TAG } from '../core/keyless-pages';

export const hostedInvoice = keyless('pages', 'hosted-invoice', {
  method: 'GET',
  path: '/invoices/hosted/{token}',
  operation: 'hostedInvoice',
  params: z.strictObject({ token: z.string() }),
  operationId: 'hostedInvoicePage',
  summary: 'The hosted invoice: an HTML page, its PDF (the link followed by .pdf), or its JSON with Accept: application/json',
  description:
    'At the host root, not under /v1, and without an API key: the `hosted_url` of an invoice (GET /v1/invoices/{invoiceID}) opens it for one hour, as the document a finance team files (issuer, bill-to, number, period, issue and due dates, lines grouped by company and order, subtotals, total). The same link followed by `.pdf` (`{token}.pdf`) is the same document as `application/pdf` (`Content-Disposition: inline; filename="<number>.pdf"`). An expired, forged or tampered link is 404 in every form: a page saying what to do, or the error envelope with Accept: application/json.',
  tag: PAGES_TAG,
  responses: {
    200: {
      description: 'The invoice, as text/html; as application/pdf when the token ends in .pdf; or JSON with Accept: application/json.',
    },
  },
  errors: [404],
});
