import * as z from 'zod';
import { keyless } from '../core/operation';
import { PAGES_TAG } from '../core/keyless-pages';

export const verifyPage = keyless('pages', 'verify-page', {
  method: 'GET',
  path: '/verify/{session}',
  operation: 'verifyPage',
  params: z.strictObject({ session: z.string() }),
  summary: 'The owner’s identity-document upload page (HTML, for a phone)',
  description:
    'At the host root, not under /v1, and without an API key: the `url` of a verification session (POST /v1/companies/{companyID}/verification-sessions) opens it for 30 minutes. The page’s form posts the document back to the same path (multipart/form-data, field `file`), through the same checks as POST /v1/files; the company is verified once every owner’s document is in.',
  tag: PAGES_TAG,
  responses: {
    200: { description: 'The upload page (or, once the document is in, the thank-you page), as text/html.' },
    404: { description: 'No such session, or its company was dissolved: an HTML page saying so.' },
    410: { description: 'The session expired: an HTML page asking for a new link.' },
  },
});
