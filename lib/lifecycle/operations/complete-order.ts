import { resourceMissing } from '../../errors';
import { getCompany } from '../../store/entities/company';
import { dissolveCompany } from './dissolve-company';
import type { Scope } from '../../scope';
import { addOrderMove, changeOrder, without, type OrderEventType } from '../../orders/change-order';
import { illegalMove } from '../../orders/order-errors';
import { readOrder } from '../../store/entities/service-order';
import type { OrderRecord } from '../../store/entities/service-order';

/** The product whose completion dissolves the company (spec: "a dissolution order completed"). */
export const DISSOLUTION_PRODUCT_KEY = 'dissolution';

const COMPLETED_EVENTS: OrderEventType[] = ['service_order.status.changed', 'service_order.completed'];

/** The order as completion leaves it, or the refusal when it cannot complete. */
function completed(order: OrderRecord, at: string, outcome?: string): OrderRecord {
  if (order.status === 'completed' || order.status === 'canceled') throw illegalMove(`The order is already ${order.status}.`, 'Nothing to do: the order is terminal.');
  if (order.status === 'quote_pending') throw illegalMove('The order awaits its quote.', 'Quote and accept it first.');
  const next: OrderRecord = { ...without(order, 'form', 'form_requirement'), status: 'completed', completed_at: order.completed_at ?? at, workflow_status: 'completed' };
  if (outcome) next.outcome = outcome;
  return next;
}

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
      alsoWrite: async (ws, _company, at) => {
        const current = (await readOrder(scope, orderId))!;
        written = addOrderMove(ws, scope, current, { next: completed(current, at, input.outcome), events: COMPLETED_EVENTS }, at);
      },
    });
    return written!;
  }
  return changeOrder(scope, orderId, (current, at) => ({ next: completed(current, at, input.outcome), events: COMPLETED_EVENTS }));
}
