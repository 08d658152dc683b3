import type { Scope } from '../../scope';
import { changeCompany } from '../change-company';
import { stageMove, type CompanyStage } from '../company-stage';
import { illegalTransition } from '../../errors';

/** Stages move only while the formation runs (status requires_information or in_progress). */
export function assertForming(status: string): void {
  if (status !== 'requires_information' && status !== 'in_progress') {
    throw illegalTransition(
      'company status',
      status,
      'its formation stage no longer moves',
      'Stages move while the company requires information or is in progress.',
    );
  }
}

/** Moves the stage along the stage machine (lib/lifecycle/company-stage.ts): `company.status.changed`. */
export async function moveStage(scope: Scope, companyId: string, to: CompanyStage) {
  return changeCompany(scope, companyId, ({ company, record }) => {
    assertForming(company.status);
    stageMove(company, to, 'stage', company.verification === 'verified');
    const next = { ...company, stage: to };
    record('company.status.changed', next);
    return { next };
  });
}
