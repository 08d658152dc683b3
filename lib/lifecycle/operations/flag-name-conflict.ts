import { legalName } from '../../resources/legal-name';
import { newRequirement } from '../../requirements/new-requirement';
import { addRequirementCreation, type RequirementRecord } from '../../store/entities/requirement';
import type { Scope } from '../../scope';
import { changeCompany, snapshotAt } from '../change-company';
import { stageMove } from '../company-stage';
import { assertForming } from './move-stage';

/**
 * The state registry reports the name as taken (spec Company stage: "A conflict found later by the
 * state registry arrives as a name_change requirement"): stage `name_conflict` and an open
 * `name_change` requirement, in one transaction: `company.status.changed`, `requirement.created`.
 */
export async function flagNameConflict(scope: Scope, companyId: string) {
  return changeCompany<RequirementRecord>(scope, companyId, ({ company, ws, at }) => {
    assertForming(company.status);
    stageMove(company, 'name_conflict', 'name_conflict', company.verification === 'verified');
    const next = { ...company, stage: 'name_conflict' as const };
    ws.recordEvent({ type: 'company.status.changed', companyId, resource: snapshotAt(next, at) });
    const requirement = newRequirement(
      scope,
      {
        companyId,
        type: 'name_change',
        requestedBy: 'operations',
        message: `The state registry of ${company.state} reports "${legalName(company.name, company.name_style, company.ending)}" as already taken. Choose another name.`,
      },
      at,
    );
    // The company item is written in this same transaction, so it needs no separate guard.
    addRequirementCreation(ws, scope, requirement, { guardCompany: false });
    return { next, result: requirement };
  });
}
