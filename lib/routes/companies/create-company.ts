import { createCompanyBody } from '../../companies/schemas';
import { createCompanyQuery } from '../../companies/params';
import { companySchema } from '../../resources/company';
import { partner } from '../core/operation';

export const createCompany = partner('create-company', {
  method: 'POST',
  path: '/v1/companies',
  operation: 'createCompany',
  scope: 'companies:write',
  idempotent: true,
  query: createCompanyQuery,
  body: createCompanyBody,
  summary: 'Create a client company',
  description:
    'Account selection: exactly one of the `Service-Account: acct_…` header (an existing account) or the `account` object (created alongside; an existing `external_id` reuses that account). Formation (unless pre_existing), the mandatory products and each `services` entry become service orders in the same transaction. Honours `Idempotency-Key`.',
  tag: 'Companies',
  responses: { 201: { description: 'The created company.', schema: companySchema } },
  errors: [409, 413, 422],
});
