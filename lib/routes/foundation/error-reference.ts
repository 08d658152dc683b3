import { keyless } from '../core/operation';
import { PAGES_TAG } from '../core/keyless-pages';

export const errorReference = keyless('pages', 'error-reference', {
  method: 'GET',
  path: '/docs/partner/errors',
  operation: 'errorReference',
  summary: 'The error codes: the page every error envelope’s `type` links to (HTML)',
  tag: PAGES_TAG,
  responses: { 200: { description: 'Every error code with its status and how to fix it, as text/html.' } },
});
