import { illegalTransition } from '../../errors';
import { legalName } from '../../resources/legal-name';
import type { CompanyRecord } from '../../resources/company';
import { newRequirement } from '../../requirements/new-requirement';
import { addRequirementCreation, requirementsOfCompany, type RequirementRecord } from '../../store/entities/requirement';
import type { Scope } from '../../scope';
import { changeCompany } from '../change-company';
import { stageMove } from '../company-stage';
import { assertNotDissolved } from '../company-status';
import { assertForming } from './move-stage';
import { assertRoomForRequirement } from '../../requirements/requirement-cap';

/**
 * Is this a conflict "found later" (spec Company stage: "A conflict found later by the state registry
 * arrives as a name_change requirement"): one on a company already formed, ours once incorporated
 * (`active`) or one brought in formed (`pre_existing`), which has no formation stage to stop.
 */
const formedAlready = (company: CompanyRecord) => company.pre_existing || company.status === 'active';

/**
 * The state registry reports the name as taken. While we form the company: stage `name_conflict` and
 * an open `name_change` requirement, in one transaction: `company.status.changed`,
 * `requirement.created`. Found later, on a company already formed: the `name_change` requirement
 * alone (`requirement.created`), its stage and status as they are; it used to be refused, leaving no
 * way to play the spec's later conflict. One open name_change at a time.
 */
export async function flagNameConflict(scope: Scope, companyId: string) {
  return changeCompany<RequirementRecord>(scope, companyId, async ({ company, ws, at, record }) => {
    assertNotDissolved(company, 'a name conflict');
    const later = formedAlready(company) && company.status !== 'cancelled';
    if (!later) {
      assertForming(company.status);
      stageMove(company, 'name_conflict', 'name_conflict', company.verification === 'verified');
    } else {
      const open = (await requirementsOfCompany(scope, companyId, { openOnly: true })).find((r) => r.type === 'name_change');
      if (open)
        throw illegalTransition(
          'company',
          `waiting on ${open.id}`,
          'a name_change requirement is already open',
          `Answer it with POST /v1/requirements/${open.id}/fulfill and a new name, such as {"name": "Acme Robotics"}.`,
        );
    }
    await assertRoomForRequirement(scope, companyId);
    // Written either way (a later conflict changes no field but `open_requirements`): the version
    // moves, so two concurrent flags cannot both see no open name_change and both open one.
    const next = later ? { ...company } : { ...company, stage: 'name_conflict' as const };
    if (!later) record('company.status.changed', next);
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
