import { keyless } from '../core/operation';
import { PAGES_TAG } from '../core/keyless-pages';

export const apiReference = keyless('pages', 'api-reference', {
  method: 'GET',
  path: '/docs',
  operation: 'apiReference',
  summary: 'The API reference: this document rendered as an HTML page',
  tag: PAGES_TAG,
  responses: { 200: { description: 'The reference, as text/html.' } },
});
