import * as z from 'zod';
import type { OperationSpec } from '../operation';
import { companyStatusSchema } from '../../resources/lifecycle-objects';

const pagesTag = 'Keyless pages';

/**
 * The keyless pages: pages for people (a client, an owner, a finance team) at the host root, outside
 * `{base_url}`, opened from links the API hands out. The document gives their paths the host root as
 * their server (lib/openapi/document.ts).
 */
export const keylessPageOperations: OperationSpec[] = [
  {
    method: 'GET',
    path: '/status/{token}',
    operationId: 'statusPage',
    summary: 'The status link: an HTML page, or this JSON with Accept: application/json',
    description: 'At the host root, not under /v1, and without an API key: the `url` of a status token (POST /v1/companies/{companyID}/status-tokens) opens it. Nothing personal is shown; a revoked link is 404 at once.',
    tag: pagesTag,
    scope: 'public',
    params: z.strictObject({ token: z.string() }),
    responses: { 200: { description: 'The company’s status in plain words.', schema: companyStatusSchema } },
    errors: [404],
  },
  {
    method: 'GET',
    path: '/verify/{session}',
    operationId: 'verifyPage',
    summary: 'The owner’s identity-document upload page (HTML, for a phone)',
    description:
      'At the host root, not under /v1, and without an API key: the `url` of a verification session (POST /v1/companies/{companyID}/verification-sessions) opens it for 30 minutes. The page’s form posts the document back to the same path (multipart/form-data, field `file`), through the same checks as POST /v1/files; the company is verified once every owner’s document is in.',
    tag: pagesTag,
    scope: 'public',
    params: z.strictObject({ session: z.string() }),
    responses: {
      200: { description: 'The upload page (or, once the document is in, the thank-you page), as text/html.' },
      404: { description: 'No such session, or its company was dissolved: an HTML page saying so.' },
      410: { description: 'The session expired: an HTML page asking for a new link.' },
    },
  },

  {
    method: 'GET',
    path: '/invoices/hosted/{token}',
    operationId: 'hostedInvoicePage',
    summary: 'The hosted invoice: an HTML page, or its JSON with Accept: application/json',
    description: 'At the host root, not under /v1, and without an API key: the `hosted_url` of an invoice (GET /v1/invoices/{invoiceID}) opens it for one hour. An expired or forged link is 404.',
    tag: pagesTag,
    scope: 'public',
    params: z.strictObject({ token: z.string() }),
    responses: { 200: { description: 'The invoice, as text/html (or JSON with Accept: application/json).' } },
    errors: [404],
  },
];
