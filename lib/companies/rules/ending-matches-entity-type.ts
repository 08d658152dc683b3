import { C_CORP_ENDINGS, LLC_ENDINGS } from '../../resources/vocabulary';
import { withArticle } from '../../errors';
import { violation, type CompanyRule } from './rule';

/** Spec create-company `ending`: must match entity_type (LLC endings for `llc`, C-corp endings for `c_corp`). */
export const endingMatchesEntityType: CompanyRule = (body) => {
  if (!body.ending) return [];
  const allowed: readonly string[] = body.entity_type === 'llc' ? LLC_ENDINGS : C_CORP_ENDINGS;
  return allowed.includes(body.ending)
    ? []
    : [
        violation(
          '$.ending',
          `is not an ending of ${withArticle(body.entity_type)}`,
          `For entity_type ${body.entity_type} send one of ${allowed.join(', ')}, such as "ending": "${allowed[0]}".`,
          'enum',
        ),
      ];
};
