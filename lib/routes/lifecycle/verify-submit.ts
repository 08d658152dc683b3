import * as z from 'zod';
import { keyless } from '../core/operation';
import { PAGES_TAG } from '../core/keyless-pages';
import { DOCUMENT_BODY_BYTES } from './shared';

export const verifySubmit = keyless('pages', 'verify-submit', {
  method: 'POST',
  path: '/verify/{session}',
  operation: 'verifySubmit',
  params: z.strictObject({ session: z.string() }),
  maxBodyBytes: DOCUMENT_BODY_BYTES,
  summary: 'The upload page’s form: the owner’s identity document (multipart/form-data, field `file`)',
  description:
    'What the page at GET /verify/{session} posts back, without an API key: the document goes through the same checks as POST /v1/files, and the company is verified once every owner’s document is in. Answered with an HTML page.',
  tag: PAGES_TAG,
  responses: {
    200: { description: 'The thank-you page, or the upload page again with what to fix, as text/html.' },
    404: { description: 'No such session, or its company was dissolved: an HTML page saying so.' },
    410: { description: 'The session expired: an HTML page asking for a new link.' },
    413: { description: 'The document is larger than the page takes.' },
  },
});
