import { C_CORP_ENDINGS, LLC_ENDINGS, type Ending } from '../../resources/vocabulary';
import { tidyName } from '../normalise-name';
import { violation, type CompanyRule } from './rule';

/**
 * The endings' legal text as a name can end with it (the name's pattern allows no dots): "Acme LLC",
 * "Acme Inc", "Acme Limited Liability Company". `co` is left out: "Smith & Co" is a name of its own,
 * rendered "Smith & Co LLC" (docs/decisions.md, "Company rules we decided").
 */
const ENDING_WORDS: [RegExp, Ending][] = [
  [/ (limited liability company)$/i, 'limited_liability_company'],
  [/ (l l c)$/i, 'l_l_c'],
  [/ (llc)$/i, 'llc'],
  [/ (incorporated)$/i, 'incorporated'],
  [/ (inc)$/i, 'inc'],
  [/ (corporation)$/i, 'corporation'],
  [/ (corp)$/i, 'corp'],
];

/**
 * Spec create-company `name`: "without the ending". A name that ends with an ending's words would read
 * twice in `legal_name` ("Acme LLC LLC"); the fix names the name without them and, for the entity
 * type's own ending, the `ending` to send instead.
 */
export const nameWithoutEnding: CompanyRule = (body) => {
  const name = tidyName(body.name);
  for (const [words, ending] of ENDING_WORDS) {
    const found = words.exec(name);
    if (!found) continue;
    const bare = name.slice(0, found.index);
    const own: readonly string[] = body.entity_type === 'c_corp' ? C_CORP_ENDINGS : LLC_ENDINGS;
    const send = body.entity_type && own.includes(ending) ? `"name": "${bare}", "ending": "${ending}"` : `"name": "${bare}"`;
    return [
      violation(
        '$.name',
        `must not include the ending ("${found[1]}")`,
        `Send the name without it and the ending as its own field, such as ${send}.`,
        'not',
      ),
    ];
  }
  return [];
};
