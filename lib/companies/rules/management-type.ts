import { violation, type CompanyRule } from './rule';

/** Spec create-company `management_type`: LLC only. */
export const managementType: CompanyRule = (body) =>
  body.management_type !== undefined && body.entity_type !== 'llc'
    ? [
        violation(
          '$.management_type',
          'is only accepted for an llc',
          'Remove management_type: a c_corp is managed by its directors and officers.',
          'not',
        ),
      ]
    : [];
