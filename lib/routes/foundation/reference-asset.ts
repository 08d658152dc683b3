import { keyless } from '../core/operation';

export const apiReferenceRenderer = keyless('pages', 'reference-asset', {
  method: 'GET',
  path: '/docs/assets/redoc.standalone.js',
  operation: 'apiReferenceRenderer',
});
