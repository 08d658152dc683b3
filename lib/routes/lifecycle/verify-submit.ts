import { keyless } from '../core/operation';
import { DOCUMENT_BODY_BYTES } from './shared';

export const verifySubmit = keyless('pages', 'verify-submit', {
  method: 'POST',
  path: '/verify/{session}',
  operation: 'verifySubmit',
  maxBodyBytes: DOCUMENT_BODY_BYTES,
});
