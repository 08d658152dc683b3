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
  description: '`Last-Modified` is `updated_at`; `If-Modified-Since` at or after it answers 304.',
  tag: 'Companies',
  responses: { 200: { description: 'The company.', schema: companySchema }, 304: { description: 'Not modified since If-Modified-Since.' } },
  errors: [404],
});
