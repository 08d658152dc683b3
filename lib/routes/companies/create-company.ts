import { createCompanyBody } from '../../companies/schemas';
import { createCompanyQuery } from '../../companies/params';
import { companySchema } from '../../resources/company';
import { companyBodyConditions } from '../../companies/rules/in-the-document';
import { partner } from '../core/operation';

export const createCompany = partner('create-company', {
  method: 'POST',
  path: '/v1/companies',
  operation: 'createCompany',
  scope: 'companies:write',
  idempotent: true,
  query: createCompanyQuery,
  body: createCompanyBody,
  bodyConditions: companyBodyConditions(),
  accountHeader: true,
  summary: 'Create a client company',
  description:
    'Creates an LLC or a C-corp to be formed (or, with `pre_existing`, one already formed) and orders what it needs. A `c_corp` needs `authorized_shares` and `par_value` (an `llc` takes neither); `industry: other` needs `industry_description` and `custom_industry`; a `pre_existing` company needs its `address`. Account selection: exactly one of the `Service-Account: acct_…` header (an existing account) or the `account` object (created alongside; an existing `external_id` reuses that account). Formation (unless pre_existing), the mandatory products and each `services` entry become service orders in the same transaction. Try it first with `POST /companies/preview`. Honours `Idempotency-Key`.',
  tag: 'Companies',
  responses: { 201: { description: 'The created company.', schema: companySchema } },
  errors: [409, 413, 422],
});
