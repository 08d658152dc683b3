import { companyIdParams } from '../../companies/params';
import { noQuery } from '../../input/empty';
import { plainList } from '../../resources/lists';
import { taxFilingSchema } from '../../resources/tax-filing';
import { partner } from '../core/operation';
import { tag } from './shared';

export const listTaxFilings = partner('list-tax-filings', {
  method: 'GET',
  path: '/v1/companies/{companyID}/tax-filings',
  operation: 'listTaxFilings',
  scope: 'companies:read',
  params: companyIdParams,
  query: noQuery,
  summary: 'Tax filings of a company (read-only), newest first',
  tag,
  responses: { 200: { description: 'The filings.', schema: plainList('TaxFilingList', taxFilingSchema, 'Tax filings of a company.') } },
  errors: [404],
});
