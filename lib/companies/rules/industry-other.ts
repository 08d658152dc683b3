import { violation, type CompanyRule } from './rule';

const EXAMPLE = { industry_description: 'Drone surveys of roofs for insurers', custom_industry: 'Drone inspections' };

/** Spec create-company: `industry_description` and `custom_industry` are required when industry is `other`, refused otherwise. */
export const industryOther: CompanyRule = (body) => {
  const other = body.industry === 'other';
  const out = [];
  for (const field of ['industry_description', 'custom_industry'] as const) {
    if (other && body[field] === undefined) {
      out.push(
        violation(
          `$.${field}`,
          'is required when industry is other',
          `Describe the industry, such as "${field}": "${EXAMPLE[field]}", or pick a listed industry such as "industry": "software".`,
          'required',
        ),
      );
    } else if (!other && body[field] !== undefined) {
      out.push(
        violation(`$.${field}`, 'is only accepted when industry is other', `Remove ${field}, or send "industry": "other" with it.`, 'not'),
      );
    }
  }
  return out;
};
