import { listCompaniesQuery } from '../../companies/list-companies';
import { companySchema } from '../../resources/company';
import { pagedList } from '../../resources/lists';
import { partner } from '../core/operation';

export const listCompanies = partner('list-companies', {
  method: 'GET',
  path: '/v1/companies',
  operation: 'listCompanies',
  scope: 'companies:read',
  query: listCompaniesQuery,
  summary: 'The companies, newest first, cursor-paged',
  tag: 'Companies',
  responses: { 200: { description: 'A page of companies.', schema: pagedList('CompanyList', companySchema, 'A page of companies.') } },
});
