import { noQuery } from '../../input/empty';
import { taxFilingIdParams } from '../../orders/params';
import { taxFilingSchema } from '../../resources/tax-filing';
import { partner } from '../core/operation';
import { tag } from './shared';

export const getTaxFiling = partner('get-tax-filing', {
  method: 'GET',
  path: '/v1/tax-filings/{taxFilingID}',
  operation: 'getTaxFiling',
  scope: 'companies:read',
  params: taxFilingIdParams,
  query: noQuery,
  summary: 'One tax filing',
  tag,
  responses: { 200: { description: 'The filing.', schema: taxFilingSchema } },
  errors: [404],
});
