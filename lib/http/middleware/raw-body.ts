import { createHash } from 'node:crypto';
import type { Middleware } from '../core/types';

/**
 * For bodies that are not JSON (a multipart upload): nothing is parsed here, the operation reads the
 * event itself; the Idempotency-Key fingerprint takes the SHA-256 of the raw body as "the body".
 */
export function rawBody(): Middleware {
  return {
    name: 'rawBody',
    before: (request) => {
      const raw = request.event.body ?? '';
      request.context.state.body = { raw_sha256: createHash('sha256').update(raw).digest('hex') };
    },
  };
}
