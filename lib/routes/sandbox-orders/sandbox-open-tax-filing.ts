import { companyIdParams } from '../../companies/params';
import { taxFilingSchema } from '../../resources/tax-filing';
import { openTaxFilingBody } from '../../tax-filings/schemas';
import { partner } from '../core/operation';
import { sandbox, tag } from './shared';

export const sandboxOpenTaxFiling = partner('sandbox-open-tax-filing', {
  method: 'POST',
  path: '/v1/sandbox/companies/{companyID}/tax-filings',
  operation: 'sandboxOpenTaxFiling',
  ...sandbox,
  idempotent: true,
  params: companyIdParams,
  body: openTaxFilingBody,
  summary: 'Open a filing, consuming one right (entitlement_required when none is left)',
  tag,
  responses: { 201: { description: 'The filing.', schema: taxFilingSchema } },
  errors: [402, 404, 409],
});
