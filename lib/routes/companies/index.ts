import { createCompany } from './create-company';
import { listCompanies } from './list-companies';
import { getCompany } from './get-company';
import { updateCompany } from './update-company';
import { listServiceOrdersOfCompany } from './list-company-service-orders';
import { createAccount } from './create-account';
import { listAccounts } from './list-accounts';
import { getAccount } from './get-account';
import { getNameAvailability } from './name-availability';
import { previewCompany } from './preview-company';

/** The companies area: companies, accounts, and the service-order list of a company. */
export const companiesRoutes = [
  createCompany,
  previewCompany,
  getNameAvailability,
  listCompanies,
  getCompany,
  updateCompany,
  listServiceOrdersOfCompany,
  createAccount,
  listAccounts,
  getAccount,
];
