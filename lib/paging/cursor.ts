import { createHmac } from 'node:crypto';
import { ApiError } from '../errors';
import { cursorKeys } from '../signing-keys/cursor-keys';
import { macOf, signedByKeySet } from '../signing-keys/key-set';

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

/** Characters of the HMAC a cursor carries. */
const MAC_LENGTH = 32;

/** A stable fingerprint of a listing: the same inputs, in any key order, give the same string. */
export function listingFingerprint(parts: Record<string, unknown>): string {
  const canonical = JSON.stringify(
    Object.keys(parts)
      .sort()
      .map((k) => [k, parts[k]]),
  );
  return createHmac('sha256', 'listing').update(canonical).digest('base64url').slice(0, 16);
}

/** A cursor signed with the current key (lib/signing-keys/cursor-keys.ts: read at run time, cached). */
export async function encodeCursor<P>(listing: string, position: P): Promise<string> {
  const data = Buffer.from(JSON.stringify({ l: listing, p: position })).toString('base64url');
  return `${data}.${macOf((await cursorKeys()).current, data, MAC_LENGTH)}`;
}

/** The position in a cursor minted for `listing`; `invalid_request` for a forged, foreign or garbled one. */
export async function decodeCursor<P>(listing: string, cursor: string, parameter: 'after' | 'before'): Promise<P> {
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
  // The current key or, during a rotation, the previous one: a cursor minted just before it still works.
  if (!signedByKeySet(await cursorKeys(), data, signature, MAC_LENGTH)) throw refuse('is not one we issued');
  const payload = JSON.parse(Buffer.from(data, 'base64url').toString('utf8')) as { l: string; p: P };
  if (payload.l !== listing) throw refuse('belongs to a different listing');
  return payload.p;
}
