import { taxFilingIdParams } from '../../orders/params';
import { taxFilingSchema } from '../../resources/tax-filing';
import { advanceTaxFilingBody } from '../../tax-filings/schemas';
import { partner } from '../core/operation';
import { sandbox, tag } from './shared';

export const sandboxAdvanceTaxFiling = partner('sandbox-advance-tax-filing', {
  method: 'POST',
  path: '/v1/sandbox/tax-filings/{taxFilingID}/advance',
  operation: 'sandboxAdvanceTaxFiling',
  ...sandbox,
  idempotent: true,
  params: taxFilingIdParams,
  body: advanceTaxFilingBody,
  summary: 'Move a filing’s status or progress (tax_filing.status.changed)',
  tag,
  responses: { 200: { description: 'The filing.', schema: taxFilingSchema } },
  errors: [404],
});
