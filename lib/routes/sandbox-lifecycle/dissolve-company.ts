import { noBody } from '../../input';
import { companyTrigger } from './shared';

export const sandboxDissolveCompany = companyTrigger(
  'dissolve-company',
  'dissolve',
  'sandboxDissolveCompany',
  'Dissolve: requirements closed, renewals stopped, company.dissolved',
  noBody,
);
