import type { Scope } from '../../scope';
import { changeOrder } from '../change-order';
import { illegalMove } from '../order-errors';
import type { OrderRecord } from '../../store/entities/service-order';

/**
 * Fulfilment starts (operator; sandbox POST /sandbox/service-orders/{id}/start): `received` →
 * `in_progress` with a `workflow_status`, and `form_required` now known (docs/decisions.md: the move
 * out of received).
 */
export function startFulfilment(scope: Scope, orderId: string): Promise<OrderRecord> {
  return changeOrder(scope, orderId, (order) => {
    if (order.status !== 'received')
      throw illegalMove(`The order is ${order.status}: only a received order can start.`, 'Start received orders only.');
    return { next: fulfilmentStarted(order), events: ['service_order.status.changed'] };
  });
}

/** A received order as the start of its fulfilment leaves it. */
export function fulfilmentStarted(order: OrderRecord): OrderRecord {
  return { ...order, status: 'in_progress', workflow_status: 'in_preparation', form_required: false };
}
