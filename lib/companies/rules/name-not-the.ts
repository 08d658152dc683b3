import { violation, type CompanyRule } from './rule';

/**
 * Spec create-company `name`: must not start with "The". Read as the word "The" (any case) followed by
 * a space or the end, so "Theory Labs" and "Thermal Co" stay valid.
 */
export const nameNotThe: CompanyRule = (body) =>
  /^the(\s|$)/i.test(body.name.trim())
    ? [
        violation(
          '$.name',
          'must not start with "The"',
          `Drop the leading "The", such as "name": "${body.name.trim().replace(/^the\s*/i, '') || 'Acme Widgets'}".`,
          'not',
        ),
      ]
    : [];
