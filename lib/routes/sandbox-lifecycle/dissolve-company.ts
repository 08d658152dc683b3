import { noBody } from '../../input/empty';
import { companyTrigger } from './shared';

export const sandboxDissolveCompany = companyTrigger(
  'dissolve-company',
  'dissolve',
  'sandboxDissolveCompany',
  'Dissolve: requirements closed, renewals stopped, company.dissolved',
  noBody,
);
