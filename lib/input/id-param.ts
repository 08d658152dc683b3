import { ID_PREFIXES, idPattern, type IdKind } from '../ids';
import { patterned } from './fields';

/**
 * A path or body field holding an id of `kind`, checked against its one pattern (lib/ids.ts) before
 * any read: a malformed id is `invalid_request` with a `how_to_fix`, never a lookup.
 */
export function idParam(kind: IdKind, what: string, howToFix = `Send a ${what} id as returned by the API: ${ID_PREFIXES[kind]} and 22 letters or digits.`) {
  return patterned(idPattern(kind), howToFix);
}
