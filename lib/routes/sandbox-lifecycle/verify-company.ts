import { noBody } from '../../input/empty';
import { companyTrigger } from './shared';

export const sandboxVerifyCompany = companyTrigger(
  'verify-company',
  'verify',
  'sandboxVerifyCompany',
  "Every owner's identity document in: company.verified",
  noBody,
);
