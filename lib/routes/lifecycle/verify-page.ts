import { keyless } from '../core/operation';

export const verifyPage = keyless('pages', 'verify-page', { method: 'GET', path: '/verify/{session}', operation: 'verifyPage' });
