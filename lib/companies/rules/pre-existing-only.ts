import { violation, type CompanyRule } from './rule';

const EXAMPLE_ADDRESS = { line1: '548 Market St', city: 'San Francisco', state: 'CA', postal_code: '94107' };

/**
 * Spec create-company: `ein`, `address` and `foreign_qualifications` describe a company that already
 * exists, so they are refused when the operator forms it; `address` is required when `pre_existing`.
 */
export const preExistingOnly: CompanyRule = (body) => {
  const out = [];
  if (body.pre_existing) {
    if (!body.address)
      out.push(
        violation(
          '$.address',
          'is required for a pre_existing company',
          `Send the company's legal address, such as "address": ${JSON.stringify(EXAMPLE_ADDRESS)}.`,
          'required',
        ),
      );
    return out;
  }
  for (const field of ['ein', 'address', 'foreign_qualifications'] as const) {
    if (body[field] !== undefined) {
      out.push(
        violation(
          `$.${field}`,
          'is only accepted for a pre_existing company',
          `Remove ${field}: the operator sets it for a company it forms. Or, if the company is already formed, send "pre_existing": true with it.`,
          'not',
        ),
      );
    }
  }
  return out;
};
