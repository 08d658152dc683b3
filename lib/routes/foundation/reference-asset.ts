import { keyless } from '../core/operation';
import { PAGES_TAG } from '../core/keyless-pages';

export const apiReferenceRenderer = keyless('pages', 'reference-asset', {
  method: 'GET',
  path: '/docs/assets/redoc.standalone.js',
  operation: 'apiReferenceRenderer',
  summary: 'The script that renders the reference page (Redoc), served from this host',
  tag: PAGES_TAG,
  responses: { 200: { description: 'The script, as text/javascript.' } },
});
