import { entitlementRequired } from '../../entitlements/change-entitlements';
import { findProduct } from '../../catalog/products';
import { cancellable, cancellation } from '../../orders/cancellation';
import type { OrderRecord } from '../../store/entities/service-order';
import type { Scope } from '../../scope';
import type { CompanyRecord } from '../../resources/company';
import { changeCompany } from '../change-company';
import { stageMove } from '../company-stage';
import { statusTransition } from '../company-status';
import { addWindDown, releaseName, renewalsEnd, writeWindDownOverflow, type WindDown } from './wind-down';

export const CANCELLED_REASON = "The company's formation was cancelled.";

/**
 * "Moves into cancelled: not shown" (spec Company status), so ours (docs/decisions.md, Lifecycle): a
 * company not yet active is cancelled when its formation is called off — the partner cancels the
 * formation order before its fulfilment starts, or the operator cancels the company. In ONE
 * transaction: every order not yet in fulfilment is canceled with its credit (quotes declined, rights
 * it granted taken back), orders already in fulfilment stop renewing, open requirements are canceled,
 * the stage closes, the name is free again in its state, and `company.status.changed` fires. A
 * cancelled company can still be dissolved; nothing new can be ordered for it. A company with more
 * to settle than one transaction holds has the surplus settled before it, under the same checks
 * (lib/lifecycle/operations/wind-down.ts).
 */
const formationCancel: WindDown = {
  allowed: (company, orders) => {
    statusTransition('cancelled', company);
    rightsAfterCancel(company, orders);
  },
  trigger: 'company_cancelled',
  reason: CANCELLED_REASON,
  // Orders not yet in fulfilment are canceled with their credit; those in fulfilment stop renewing.
  settle: (scope, order, at) => (cancellable(order) ? cancellation(scope, order, at) : renewalsEnd(order, at)),
};

export async function cancelCompany(scope: Scope, companyId: string) {
  await writeWindDownOverflow(scope, companyId, formationCancel);
  return changeCompany<OrderRecord[]>(scope, companyId, async ({ company, openRequirements, ws, at, record }) => {
    statusTransition('cancelled', company);
    const { settled, rights } = await addWindDown(ws, scope, company, openRequirements, formationCancel, at);
    releaseName(ws, scope, company);

    let next: CompanyRecord = { ...company, status: 'cancelled' };
    if (company.stage !== undefined && company.stage !== 'closed') {
      stageMove(company, 'closed', 'close', true);
      next = { ...next, stage: 'closed' };
    }
    if (rights) next = { ...next, entitlements: rights };
    record('company.status.changed', next);
    if (rights) record('company.entitlements.changed', next);
    return { next, result: settled.filter((o) => o.status === 'canceled') };
  });
}

/**
 * A right already spent refuses the whole cancel: every order not yet in fulfilment takes back the
 * right it granted.
 */
function rightsAfterCancel(company: CompanyRecord, orders: OrderRecord[]): void {
  const entitlements = { ...company.entitlements };
  for (const order of orders.filter((o) => o.status === 'received')) {
    const grants = findProduct(order.product_key)?.grants;
    if (!grants) continue;
    entitlements[grants] = (entitlements[grants] ?? 0) - 1;
    if (entitlements[grants] < 0) throw entitlementRequired(grants);
  }
}
