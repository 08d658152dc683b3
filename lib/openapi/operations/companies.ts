import { noQuery } from '../../input';
import { pagedList, plainList } from '../../resources/lists';
import { companySchema } from '../../resources/company';
import { accountSchema } from '../../resources/account';
import { serviceOrderSchema } from '../../resources/service-order';
import { companyIdParams, createCompanyBody, createCompanyQuery, getCompanyQuery } from '../../companies/schemas';
import { listCompaniesQuery } from '../../companies/list-companies';
import { accountIdParams, accountInput } from '../../accounts/schemas';
import { listAccountsQuery } from '../../accounts/list-accounts';
import type { OperationSpec } from './operation';

export const companyListSchema = pagedList('CompanyList', companySchema, 'A page of companies.');
export const accountListSchema = pagedList('AccountList', accountSchema, 'A page of accounts.');
export const serviceOrderListSchema = plainList('ServiceOrderList', serviceOrderSchema, 'Every service order of a company, newest first.');

export const companiesOperations: OperationSpec[] = [
  {
    method: 'POST',
    path: '/v1/companies',
    operationId: 'createCompany',
    summary: 'Create a client company',
    description:
      'Account selection: exactly one of the `Service-Account: acct_…` header (an existing account) or the `account` object (created alongside; an existing `external_id` reuses that account). Formation (unless pre_existing), the mandatory products and each `services` entry become service orders in the same transaction. Honours `Idempotency-Key`.',
    tag: 'Companies',
    scope: 'companies:write',
    query: createCompanyQuery,
    body: createCompanyBody,
    responses: { 201: { description: 'The created company.', schema: companySchema } },
    errors: [409, 413, 422],
  },
  {
    method: 'GET',
    path: '/v1/companies',
    operationId: 'listCompanies',
    summary: 'The companies, newest first, cursor-paged',
    tag: 'Companies',
    scope: 'companies:read',
    query: listCompaniesQuery,
    responses: { 200: { description: 'A page of companies.', schema: companyListSchema } },
  },
  {
    method: 'GET',
    path: '/v1/companies/{companyID}',
    operationId: 'getCompany',
    summary: 'One company',
    description: '`Last-Modified` is `updated_at`; `If-Modified-Since` at or after it answers 304.',
    tag: 'Companies',
    scope: 'companies:read',
    params: companyIdParams,
    query: getCompanyQuery,
    responses: { 200: { description: 'The company.', schema: companySchema }, 304: { description: 'Not modified since If-Modified-Since.' } },
    errors: [404],
  },
  {
    method: 'GET',
    path: '/v1/companies/{companyID}/service-orders',
    operationId: 'listServiceOrdersOfCompany',
    summary: 'Every service order of a company, newest first',
    tag: 'Service orders',
    scope: 'orders:read',
    params: companyIdParams,
    query: noQuery,
    responses: { 200: { description: 'The orders.', schema: serviceOrderListSchema } },
    errors: [404],
  },
  {
    method: 'POST',
    path: '/v1/accounts',
    operationId: 'createAccount',
    summary: 'Create an account (the incorporator)',
    description: 'Reusing an `external_id` returns the existing account with 200. Honours `Idempotency-Key`.',
    tag: 'Accounts',
    scope: 'accounts:write',
    query: noQuery,
    body: accountInput,
    responses: { 201: { description: 'The new account.', schema: accountSchema }, 200: { description: 'The existing account with this external_id.', schema: accountSchema } },
    errors: [409, 422],
  },
  {
    method: 'GET',
    path: '/v1/accounts',
    operationId: 'listAccounts',
    summary: 'The accounts, newest first, cursor-paged',
    tag: 'Accounts',
    scope: 'accounts:read',
    query: listAccountsQuery,
    responses: { 200: { description: 'A page of accounts.', schema: accountListSchema } },
  },
  {
    method: 'GET',
    path: '/v1/accounts/{accountID}',
    operationId: 'getAccount',
    summary: 'One account',
    tag: 'Accounts',
    scope: 'accounts:read',
    params: accountIdParams,
    query: noQuery,
    responses: { 200: { description: 'The account.', schema: accountSchema } },
    errors: [404],
  },
];
