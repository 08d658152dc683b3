import { linesForReprice } from '../../billing/billing-acts';
import { findProduct } from '../../catalog/products';
import { ApiError } from '../../errors';
import { livemode, type Scope } from '../../scope';
import { changeOrder } from '../change-order';
import { illegalMove } from '../order-errors';
import { optionViolations, priceWith } from '../order-options';
import type { OrderRecord } from '../../store/entities/service-order';

/**
 * An operator-side change of options and so price (sandbox POST /sandbox/service-orders/{id}/reprice):
 * `service_order.updated`; the running period was billed at the old price, so an upgrade bills the
 * difference and a reversed upgrade credits it back, in the same transaction.
 */
export function repriceOrder(scope: Scope, orderId: string, options: Record<string, string>): Promise<OrderRecord> {
  return changeOrder(scope, orderId, (order, at) => {
    if (order.status === 'canceled' || order.status === 'quote_pending')
      throw illegalMove(
        `The order is ${order.status}: its price cannot change.`,
        'Reprice received, in-progress or completed orders only.',
      );
    const product = findProduct(order.product_key)!;
    const errors = optionViolations(product, options);
    if (errors.length) throw new ApiError('invalid_request', errors.map((e) => `${e.location} ${e.reason}`).join('; '), errors);
    const chosen = { ...order.options, ...options };
    const amount = priceWith(product, chosen, order.included_in);
    const change = (order.reprices ?? 0) + 1;
    // The running period is billed for advance orders (one-time ones at creation); arrears bill later.
    const billedCurrentPeriod = order.billing === 'advance';
    const lines = linesForReprice(order, amount, change, billedCurrentPeriod, at, livemode(scope)).lines;
    const next: OrderRecord = { ...order, options: chosen, unit_amount: amount, reprices: change };
    return { next, events: ['service_order.updated'], lines };
  });
}
