import type { Scope } from '../../scope';
import { changeCompany } from '../change-company';
import { statusTransition } from '../company-status';

/**
 * A `pre_existing` company finished onboarding (in_progress → active): `company.status.changed`, then
 * `company.onboarding.completed` (once, guarded by the stored `onboarding_completed_at`, which is kept
 * off the API object).
 */
export async function completeOnboarding(scope: Scope, companyId: string) {
  return changeCompany(scope, companyId, ({ company, at, record }) => {
    statusTransition('onboarding_completed', company);
    const next = { ...company, status: 'active' as const, onboarding_completed_at: at };
    record('company.status.changed', next);
    record('company.onboarding.completed', next);
    return { next, once: ['onboarding_completed_at'] };
  });
}
