import { violation, type CompanyRule } from './rule';

/**
 * Spec create-company `authorized_shares` and `par_value`: required for a `c_corp`, not accepted for an
 * `llc`, whose membership is fixed at 100 units.
 */
export const shareStructure: CompanyRule = (body) => {
  const out = [];
  for (const field of ['authorized_shares', 'par_value'] as const) {
    if (body.entity_type === 'c_corp' && body[field] === undefined) {
      out.push(
        violation(
          `$.${field}`,
          'is required for a c_corp',
          field === 'authorized_shares'
            ? 'Send the number of authorized shares (1 or more), such as "authorized_shares": 10000000.'
            : 'Send the par value per share in dollars (0 or more), such as "par_value": 0.0001.',
          'required',
        ),
      );
    }
    if (body.entity_type === 'llc' && body[field] !== undefined) {
      out.push(violation(`$.${field}`, 'is not accepted for an llc', `Remove ${field}: an LLC has a fixed 100 membership units.`, 'not'));
    }
  }
  return out;
};
