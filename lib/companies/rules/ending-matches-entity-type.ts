import { C_CORP_ENDINGS, LLC_ENDINGS } from '../../resources/vocabulary';
import { violation, type CompanyRule } from './rule';

/** Spec create-company `ending`: must match entity_type (LLC endings for `llc`, C-corp endings for `c_corp`). */
export const endingMatchesEntityType: CompanyRule = (body) => {
  if (!body.ending) return [];
  const allowed: readonly string[] = body.entity_type === 'llc' ? LLC_ENDINGS : C_CORP_ENDINGS;
  return allowed.includes(body.ending)
    ? []
    : [violation('$.ending', `is not an ending of a ${body.entity_type}`, `For entity_type ${body.entity_type} use one of: ${allowed.join(', ')}.`, 'enum')];
};
