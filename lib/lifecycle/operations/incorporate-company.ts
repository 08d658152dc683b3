import type { Scope } from '../../scope';
import { changeCompany } from '../change-company';
import { stageMove, stagesBeforeFiling } from '../company-stage';
import { statusTransition } from '../company-status';
import { addFormationCompleted } from '../formation-order';
import { acceptedToday, checkIncorporationDate } from '../incorporation-date';

/**
 * The state accepted the filing (spec Company status: in_progress → active): stage `incorporated`,
 * after the stages up to `submitted_to_state` when the company was still at an earlier forming stage
 * (the state accepts only a filing it was sent; each with its `company.status.changed`),
 * `incorporated_at` now, `incorporation_date` the state's date (today in the company's zone unless given; lib/lifecycle/incorporation-date.ts); events
 * `company.status.changed` then `company.incorporated` (once), whose `timestamp` is the
 * incorporation stamp: the legal date at midnight UTC; then the formation order completes
 * (`service_order.status.changed`, `service_order.completed`: lib/lifecycle/formation-order.ts).
 */
export async function incorporateCompany(scope: Scope, companyId: string, input: { incorporation_date?: string } = {}) {
  return changeCompany(scope, companyId, async ({ company, ws, at, record }) => {
    statusTransition('incorporated', company);
    const verified = company.verification === 'verified';
    // From an earlier forming stage, the stages up to the filing first (one company.status.changed each).
    const walk = stagesBeforeFiling(company.stage);
    let from = company.stage;
    for (const stage of walk) {
      stageMove({ ...company, stage: from }, stage, 'stage', verified);
      from = stage;
    }
    stageMove({ ...company, stage: from }, 'incorporated', 'incorporate', verified);
    const date = input.incorporation_date ?? acceptedToday(company, at);
    checkIncorporationDate(company, date, at);
    for (const stage of walk) record('company.status.changed', { ...company, stage });
    const next = { ...company, status: 'active' as const, stage: 'incorporated' as const, incorporated_at: at, incorporation_date: date };
    record('company.status.changed', next);
    record('company.incorporated', next, { timestamp: `${date}T00:00:00.000Z` });
    await addFormationCompleted(ws, scope, next, at);
    return { next, once: ['incorporated_at'] };
  });
}
