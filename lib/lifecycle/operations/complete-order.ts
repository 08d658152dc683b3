import { resourceMissing } from '../../errors';
import { getCompany } from '../../store/entities/company';
import { dissolveCompany } from './dissolve-company';
import type { Scope } from '../../scope';
import { addOrderMove, changeOrder } from '../../orders/change-order';
import { COMPLETED_EVENTS, completion, completionChange } from '../../orders/completion';
import { readOrder } from '../../store/entities/service-order';
import type { OrderRecord } from '../../store/entities/service-order';

/** The product whose completion dissolves the company (spec: "a dissolution order completed"). */
export const DISSOLUTION_PRODUCT_KEY = 'dissolution';

/**
 * The final step is reached (spec: any → `completed`, terminal): `completed_at` set once,
 * `service_order.completed` fires once, `outcome` when given. A canceled or completed order cannot
 * complete (again), which is what keeps both "once". Recurring orders keep renewing: completion ends
 * fulfilment, not the subscription. A dissolution order's completion dissolves its company in the
 * same transaction (lib/lifecycle/operations/dissolve-company.ts: requirements closed, renewals
 * ended, `company.dissolved` once).
 */
export async function completeOrder(scope: Scope, orderId: string, input: { outcome?: string } = {}): Promise<OrderRecord> {
  const order = await readOrder(scope, orderId);
  if (!order) throw resourceMissing('service order', orderId);
  if (order.product_key === DISSOLUTION_PRODUCT_KEY && (await getCompany(scope, order.company))?.status !== 'dissolved') {
    let written: OrderRecord | undefined;
    await dissolveCompany(scope, order.company, {
      completing: orderId,
      alsoWrite: async (ws, _company, at) => {
        const current = (await readOrder(scope, orderId))!;
        // No completionChange here: dissolution closes every open requirement, an awaited form's included.
        written = addOrderMove(ws, scope, current, { next: completion(current, at, input.outcome), events: COMPLETED_EVENTS }, at);
      },
    });
    return written!;
  }
  return changeOrder(scope, orderId, (current, at) => completionChange(scope, current, at, input.outcome), order);
}
