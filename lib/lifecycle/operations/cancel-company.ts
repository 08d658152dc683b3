import { entitlementRequired } from '../../entitlements/change-entitlements';
import { serviceOrdersOfCompany } from '../../store/entities/service-order';
import { addOrderMove } from '../../orders/change-order';
import { cancellable, cancellation } from '../../orders/cancellation';
import type { OrderRecord } from '../../store/entities/service-order';
import type { Scope } from '../../scope';
import type { CompanyRecord } from '../../resources/company';
import { changeCompany, snapshotAt } from '../change-company';
import { stageMove } from '../company-stage';
import { statusTransition } from '../company-status';
import { closeOpenRequirements, endRenewals, releaseName } from './wind-down';

export const CANCELLED_REASON = "The company's formation was cancelled.";

/**
 * "Moves into cancelled: not shown" (spec Company status), so ours (docs/decisions.md, Lifecycle): a
 * company not yet active is cancelled when its formation is called off — the partner cancels the
 * formation order before its fulfilment starts, or the operator cancels the company. In ONE
 * transaction: every order not yet in fulfilment is canceled with its credit (quotes declined, rights
 * it granted taken back), orders already in fulfilment stop renewing, open requirements are canceled,
 * the stage closes, the name is free again in its state, and `company.status.changed` fires. A
 * cancelled company can still be dissolved; nothing new can be ordered for it.
 */
export async function cancelCompany(scope: Scope, companyId: string) {
  return changeCompany<OrderRecord[]>(scope, companyId, async ({ company, ws, at }) => {
    statusTransition('cancelled', company);
    const orders = (await serviceOrdersOfCompany(scope, companyId)) as OrderRecord[];
    const entitlements = { ...company.entitlements };
    let rightsTaken = false;
    const canceled: OrderRecord[] = [];
    for (const order of orders.filter(cancellable)) {
      const { takesBack, ...change } = cancellation(scope, order, at);
      if (takesBack) {
        entitlements[takesBack] = (entitlements[takesBack] ?? 0) - 1;
        if (entitlements[takesBack] < 0) throw entitlementRequired(takesBack);
        rightsTaken = true;
      }
      canceled.push(addOrderMove(ws, scope, order, change, at));
    }
    endRenewals(ws, scope, orders.filter((o) => !cancellable(o)), at);
    await closeOpenRequirements(ws, scope, companyId, 'company_cancelled', CANCELLED_REASON, at);
    releaseName(ws, scope, company);

    let next: CompanyRecord = { ...company, status: 'cancelled' };
    if (company.stage !== undefined && company.stage !== 'closed') {
      stageMove(company.stage, 'closed', 'close', true);
      next = { ...next, stage: 'closed' };
    }
    if (rightsTaken) next = { ...next, entitlements };
    const snapshot = snapshotAt(next, at);
    ws.recordEvent({ type: 'company.status.changed', companyId, resource: snapshot });
    if (rightsTaken) ws.recordEvent({ type: 'company.entitlements.changed', companyId, resource: snapshot });
    return { next, result: canceled };
  });
}
