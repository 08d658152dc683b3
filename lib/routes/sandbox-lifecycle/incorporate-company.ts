import { incorporateBody } from '../../lifecycle/schemas';
import { companyTrigger } from './shared';

export const sandboxIncorporateCompany = companyTrigger(
  'incorporate-company',
  'incorporate',
  'sandboxIncorporateCompany',
  'The state accepted the filing: company.status.changed, company.incorporated',
  incorporateBody,
);
