import type { Route } from './route';

/** The companies area: companies, accounts, and the service-order list of a company. */
export const companiesRoutes: Route[] = [
  { method: 'POST', path: '/v1/companies', operation: 'createCompany', handler: 'functions/api/create-company.ts', audience: 'partner' },
  { method: 'GET', path: '/v1/companies', operation: 'listCompanies', handler: 'functions/api/list-companies.ts', audience: 'partner' },
  { method: 'GET', path: '/v1/companies/{companyID}', operation: 'getCompany', handler: 'functions/api/get-company.ts', audience: 'partner' },
  { method: 'GET', path: '/v1/companies/{companyID}/service-orders', operation: 'listServiceOrdersOfCompany', handler: 'functions/api/list-company-service-orders.ts', audience: 'partner' },
  { method: 'POST', path: '/v1/accounts', operation: 'createAccount', handler: 'functions/api/create-account.ts', audience: 'partner' },
  { method: 'GET', path: '/v1/accounts', operation: 'listAccounts', handler: 'functions/api/list-accounts.ts', audience: 'partner' },
  { method: 'GET', path: '/v1/accounts/{accountID}', operation: 'getAccount', handler: 'functions/api/get-account.ts', audience: 'partner' },
];
