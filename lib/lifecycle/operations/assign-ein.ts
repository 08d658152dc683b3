import { randomInt } from 'node:crypto';
import { formatEin } from '../../companies/new-company';
import type { Scope } from '../../scope';
import { changeCompany } from '../change-company';
import { assertNotDissolved } from '../company-status';
import { illegalTransition } from '../../errors';
import { addEinOrdersCompleted } from '../formation-order';

/**
 * The IRS issued the EIN: `ein`, `ein_assigned_at` (fixed afterwards), `company.ein.assigned` once.
 * A company we form gets one only once incorporated (the IRS needs the entity); a company that already
 * has an EIN (a pre_existing company's supplied one included) never gets another. Its EIN application
 * orders complete in the same transaction (lib/lifecycle/formation-order.ts).
 */
export async function assignEin(scope: Scope, companyId: string, input: { ein?: string } = {}) {
  return changeCompany(scope, companyId, async ({ company, ws, at, record }) => {
    assertNotDissolved(company, 'assigning an EIN');
    if (company.ein)
      throw illegalTransition('company ein', company.ein, 'an EIN is assigned once', 'Nothing to do: the company already has its EIN.');
    if (!company.pre_existing && company.status !== 'active') {
      throw illegalTransition(
        'company status',
        company.status,
        'the IRS issues an EIN once the company is incorporated',
        'Incorporate the company first.',
      );
    }
    const ein = formatEin(input.ein ?? String(randomInt(10, 100)) + String(randomInt(0, 10_000_000)).padStart(7, '0'));
    const next = { ...company, ein, ein_assigned_at: at };
    record('company.ein.assigned', next);
    // The EIN application's work is done: its order completes with it (no longer cancellable).
    await addEinOrdersCompleted(ws, scope, next, at);
    return { next, once: ['ein_assigned_at'] };
  });
}
