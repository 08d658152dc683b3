import { listAccountsQuery } from '../accounts/list-accounts';
import { accountIdParams, accountInput } from '../accounts/schemas';
import { listCompaniesQuery } from '../companies/list-companies';
import { companyIdParams, createCompanyBody, createCompanyQuery, getCompanyQuery } from '../companies/schemas';
import { noQuery } from '../input';
import { accountSchema } from '../resources/account';
import { companySchema } from '../resources/company';
import { pagedList, plainList } from '../resources/lists';
import { serviceOrderSchema } from '../resources/service-order';
import { partner } from './operation';

/** The companies area: companies, accounts, and the service-order list of a company. */
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

export const listServiceOrdersOfCompany = partner('list-company-service-orders', {
  method: 'GET',
  path: '/v1/companies/{companyID}/service-orders',
  operation: 'listServiceOrdersOfCompany',
  scope: 'orders:read',
  params: companyIdParams,
  query: noQuery,
  summary: 'Every service order of a company, newest first',
  tag: 'Service orders',
  responses: { 200: { description: 'The orders.', schema: plainList('ServiceOrderList', serviceOrderSchema, 'Every service order of a company, newest first.') } },
  errors: [404],
});

export const createAccount = partner('create-account', {
  method: 'POST',
  path: '/v1/accounts',
  operation: 'createAccount',
  scope: 'accounts:write',
  idempotent: true,
  query: noQuery,
  body: accountInput,
  summary: 'Create an account (the incorporator)',
  description: 'Reusing an `external_id` returns the existing account with 200. Honours `Idempotency-Key`.',
  tag: 'Accounts',
  responses: { 201: { description: 'The new account.', schema: accountSchema }, 200: { description: 'The existing account with this external_id.', schema: accountSchema } },
  errors: [409, 422],
});

export const listAccounts = partner('list-accounts', {
  method: 'GET',
  path: '/v1/accounts',
  operation: 'listAccounts',
  scope: 'accounts:read',
  query: listAccountsQuery,
  summary: 'The accounts, newest first, cursor-paged',
  tag: 'Accounts',
  responses: { 200: { description: 'A page of accounts.', schema: pagedList('AccountList', accountSchema, 'A page of accounts.') } },
});

export const getAccount = partner('get-account', {
  method: 'GET',
  path: '/v1/accounts/{accountID}',
  operation: 'getAccount',
  scope: 'accounts:read',
  params: accountIdParams,
  query: noQuery,
  summary: 'One account',
  tag: 'Accounts',
  responses: { 200: { description: 'The account.', schema: accountSchema } },
  errors: [404],
});

export const companiesRoutes = [createCompany, listCompanies, getCompany, listServiceOrdersOfCompany, createAccount, listAccounts, getAccount];
