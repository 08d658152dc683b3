import { exampleId, ID_PREFIXES, idPattern, type IdKind } from '../ids';
import { withArticle } from '../errors';
import { patterned } from './patterned';

/**
 * A path or body field holding an id of `kind`, checked against its one pattern (lib/ids.ts) before
 * any read: a malformed id is `invalid_request` with a `how_to_fix`, never a lookup.
 */
export function idParam(kind: IdKind, what: string, from = 'as returned by the API') {
  const howToFix = `Send ${withArticle(what)} id ${from}: ${ID_PREFIXES[kind]} and 22 letters or digits, such as ${exampleId(kind)}.`;
  return patterned(idPattern(kind), howToFix).meta({
    examples: [exampleId(kind)],
    description: `The ${what}'s id (\`${ID_PREFIXES[kind]}\` and 22 letters or digits).`,
  });
}
