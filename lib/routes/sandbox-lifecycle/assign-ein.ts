import { assignEinBody } from '../../lifecycle/schemas';
import { companyTrigger } from './shared';

export const sandboxAssignEin = companyTrigger(
  'assign-ein',
  'assign-ein',
  'sandboxAssignEin',
  'The EIN was issued: company.ein.assigned',
  assignEinBody,
);
