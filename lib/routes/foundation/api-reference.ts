import { keyless } from '../core/operation';

export const apiReference = keyless('pages', 'api-reference', { method: 'GET', path: '/docs', operation: 'apiReference' });
