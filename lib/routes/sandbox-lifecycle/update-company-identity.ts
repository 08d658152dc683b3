import { identityUpdateInput } from '../../lifecycle/operations/update-identity';
import { companyTrigger } from './shared';

export const sandboxUpdateCompanyIdentity = companyTrigger(
  'update-company-identity',
  'update',
  'sandboxUpdateCompanyIdentity',
  'Identity fields changed: company.updated',
  identityUpdateInput,
);
