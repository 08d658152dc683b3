import type { Scope } from '../../scope';
import type { WriteSet } from '../../store/write-set';
import type { OrderRecord } from '../../store/entities/service-order';
import type { CompanyRecord } from '../../resources/company';
import { cancellation, cancellationInFulfilment, inFulfilment } from '../../orders/cancellation';
import { changeCompany } from '../change-company';
import { stageMove } from '../company-stage';
import { statusTransition } from '../company-status';
import { addWindDown, releaseName, renewalsEnd, writeWindDownOverflow, type WindDown } from './wind-down';

export const DISSOLVED_REASON = 'The company was dissolved.';

export interface DissolveOptions {
  /**
   * The caller's own writes and events in the same transaction (the dissolution order's completion),
   * recorded before the company's.
   */
  alsoWrite?: (ws: WriteSet, company: CompanyRecord, at: string) => Promise<void> | void;
  /** The order the caller completes itself (the dissolution order): dissolution does not settle it. */
  completing?: string;
}

/**
 * What dissolution does to each order (docs/decisions.md, "Orders and billing"): every order not yet
 * fulfilled is settled, canceled with the credit the spec gives where it gives one — `received`:
 * the credit reversing what it billed, and the right it granted taken back (an order whose right was
 * already spent is left as it is: the right was used); `quote_pending`: the quote declined; in
 * fulfilment: canceled without credit. A completed recurring order stops renewing as an approved
 * renewal cancel does.
 */
function settleAtDissolution(scope: Scope, order: OrderRecord, at: string) {
  if (order.status === 'received' || order.status === 'quote_pending') return cancellation(scope, order, at);
  if (inFulfilment(order)) return cancellationInFulfilment(scope, order, at);
  return renewalsEnd(order, at);
}

const dissolution = (completing?: string): WindDown => ({
  allowed: (company) => {
    statusTransition('dissolved', company);
  },
  trigger: 'company_dissolved',
  reason: DISSOLVED_REASON,
  settle: settleAtDissolution,
  keep: completing,
});

/**
 * A dissolution completes (spec Company status: any open company → `dissolved`, terminal; recurring
 * services stop renewing, open requirements close, nothing further can be ordered): every open
 * requirement is canceled (`requirement.canceled`, reason "The company was dissolved."), every order
 * settled (`settleAtDissolution`: `service_order.status.changed` per canceled order with its credit,
 * `service_order.renewal_canceled` per subscription stopped), the status moves to `dissolved` and
 * the stage to `closed` (`company.status.changed`), `dissolved_at` is set and `company.dissolved` fires once. The name's
 * guard is released: the name is free again in its state. One transaction when it fits; a company
 * with more to settle has the surplus settled before it (lib/lifecycle/operations/wind-down.ts).
 */
export async function dissolveCompany(scope: Scope, companyId: string, options: DissolveOptions = {}) {
  const plan = dissolution(options.completing);
  await writeWindDownOverflow(scope, companyId, plan);
  return changeCompany(scope, companyId, async ({ company, openRequirements, ws, at, record }) => {
    statusTransition('dissolved', company);
    await options.alsoWrite?.(ws, company, at);
    const { rights } = await addWindDown(ws, scope, company, openRequirements, plan, at);
    releaseName(ws, scope, company);
    if (rights) record('company.entitlements.changed', { ...company, entitlements: rights });
    let next: CompanyRecord = { ...company, status: 'dissolved', dissolved_at: at, ...(rights ? { entitlements: rights } : {}) };
    if (company.stage !== undefined && company.stage !== 'closed') {
      stageMove(company, 'closed', 'close', true);
      next = { ...next, stage: 'closed' };
    }
    // The status moves whatever the stage does (a pre_existing company has none; a cancelled one is closed already).
    record('company.status.changed', next);
    record('company.dissolved', next);
    return { next, once: ['dissolved_at'] };
  });
}
