import { companyIdParams, getCompanyQuery } from '../../companies/params';
import { companySchema } from '../../resources/company';
import { partner } from '../core/operation';

export const getCompany = partner('get-company', {
  method: 'GET',
  path: '/v1/companies/{companyID}',
  operation: 'getCompany',
  scope: 'companies:read',
  params: companyIdParams,
  query: getCompanyQuery,
  summary: 'One company',
  description:
    '`Last-Modified` is `updated_at` in whole seconds; `If-Modified-Since` at or after it answers 304. Every change moves `Last-Modified` past the one before (a second on, should two changes fall within one second), so a conditional fetch never answers 304 after a change.',
  tag: 'Companies',
  responses: { 200: { description: 'The company.', schema: companySchema }, 304: { description: 'Not modified since If-Modified-Since.' } },
  errors: [404],
});
