import { createHmac, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors';

/**
 * Opaque, tamper-proof page cursors (spec List envelope: "Cursors are valid only for the listing that
 * minted them"). A cursor is base64url(JSON{l, p}) + "." + HMAC; `l` fingerprints the listing (route,
 * partner, mode, filters, sort) so a cursor replayed on another listing is refused.
 */
export interface CursorPayload<P> {
  /** The listing fingerprint: see `listingFingerprint`. */
  listing: string;
  /** Where the page boundary is, in the listing's own terms (e.g. a sort key). */
  position: P;
}

function signingKey(): string {
  // In AWS the stack sets CURSOR_SIGNING_KEY from a generated secret; locally a fixed key is enough.
  return process.env.CURSOR_SIGNING_KEY ?? 'local-development-cursor-signing-key';
}

function mac(data: string): string {
  return createHmac('sha256', signingKey()).update(data).digest('base64url').slice(0, 32);
}

/** A stable fingerprint of a listing: the same inputs, in any key order, give the same string. */
export function listingFingerprint(parts: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(parts)
      .sort()
      .map((k) => [k, parts[k]]),
  );
  return createHmac('sha256', 'listing').update(canonical).digest('base64url').slice(0, 16);
}

export function encodeCursor<P>(listing: string, position: P): string {
  const data = Buffer.from(JSON.stringify({ l: listing, p: position })).toString('base64url');
  return `${data}.${mac(data)}`;
}

/** The position in a cursor minted for `listing`; `invalid_request` for a forged, foreign or garbled one. */
export function decodeCursor<P>(listing: string, cursor: string, parameter: 'after' | 'before'): P {
  const refuse = (reason: string) =>
    new ApiError('invalid_request', `The '${parameter}' cursor ${reason}.`, [
      {
        reason: `cursor ${reason}`,
        location: `$.${parameter}`,
        validation_type: 'format',
        how_to_fix: 'Pass a `start_cursor` or `end_cursor` exactly as returned by this same listing (same filters and sort).',
      },
    ]);
  const [data, signature, extra] = cursor.split('.');
  if (!data || !signature || extra !== undefined) throw refuse('is malformed');
  const expected = mac(data);
  if (signature.length !== expected.length || !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))) {
    throw refuse('is not one we issued');
  }
  const payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { l: string; p: P };
  if (payload.l !== listing) throw refuse('belongs to a different listing');
  return payload.p;
}
