import type { Scope } from '../../store/scope';
import { changeOrder, without } from '../change-order';
import { illegalMove } from '../order-errors';
import type { OrderRecord } from '../order-record';

/**
 * The final step is reached (spec: any → `completed`, terminal): `completed_at` set once,
 * `service_order.completed` fires once, `outcome` when given. A canceled or completed order cannot
 * complete (again), which is what keeps both "once". Recurring orders keep renewing: completion ends
 * fulfilment, not the subscription.
 */
export function completeOrder(scope: Scope, orderId: string, input: { outcome?: string } = {}): Promise<OrderRecord> {
  return changeOrder(scope, orderId, (order, at) => {
    if (order.status === 'completed' || order.status === 'canceled') throw illegalMove(`The order is already ${order.status}.`, 'Nothing to do: the order is terminal.');
    if (order.status === 'quote_pending') throw illegalMove('The order awaits its quote.', 'Quote and accept it first.');
    const next: OrderRecord = { ...without(order, 'form', 'form_requirement'), status: 'completed', completed_at: order.completed_at ?? at, workflow_status: 'completed' };
    if (input.outcome) next.outcome = input.outcome;
    return { next, events: ['service_order.status.changed', 'service_order.completed'] };
  });
}
