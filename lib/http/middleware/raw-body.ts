import { createHash } from 'node:crypto';
import { header, type Middleware } from '../core/types';

const BOUNDARY = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]+)"|([^;\s]+))/i;

/**
 * For bodies that are not JSON (a multipart upload): nothing is parsed here, the operation reads the
 * event itself; the Idempotency-Key fingerprint takes the SHA-256 of the raw body as "the body".
 * A multipart body is hashed with its boundary left out: clients (curl -F, fetch's FormData, requests)
 * pick a fresh random boundary for every send, so a retry of the very same upload would otherwise be
 * an `idempotency_key_mismatch` instead of a replay.
 */
export function rawBody(): Middleware {
  return {
    name: 'rawBody',
    before: (request) => {
      const event = request.event;
      const raw = event.body == null ? Buffer.alloc(0) : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
      const match = BOUNDARY.exec(header(event, 'content-type') ?? '');
      const boundary = match?.[1] ?? match?.[2];
      const hash = createHash('sha256');
      if (boundary) {
        // The parts between delimiter lines, each followed by a fixed marker in place of the delimiter.
        const delimiter = Buffer.from(`--${boundary}`);
        let from = 0;
        for (let at = raw.indexOf(delimiter); at !== -1; at = raw.indexOf(delimiter, from)) {
          hash.update(raw.subarray(from, at)).update('\0--boundary\0');
          from = at + delimiter.length;
        }
        hash.update(raw.subarray(from));
      } else hash.update(raw);
      request.context.state.body = { raw_sha256: hash.digest('hex') };
    },
  };
}
