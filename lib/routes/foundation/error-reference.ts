import { keyless } from '../core/operation';

export const errorReference = keyless('pages', 'error-reference', {
  method: 'GET',
  path: '/docs/partner/errors',
  operation: 'errorReference',
});
