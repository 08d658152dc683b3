import { noBody } from '../../input/empty';
import { companyTrigger } from './shared';

export const sandboxCompleteOnboarding = companyTrigger(
  'complete-onboarding',
  'complete-onboarding',
  'sandboxCompleteOnboarding',
  'A pre_existing company finished onboarding: company.onboarding.completed',
  noBody,
);
