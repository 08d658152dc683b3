import { creditForCancel } from '../billing/billing-acts';
import { findProduct } from '../catalog/products';
import { livemode, type Scope } from '../scope';
import { without, type OrderChange } from './change-order';
import { illegalMove } from './order-errors';
import type { OrderRecord } from '../store/entities/service-order';

/** Only an order whose fulfilment has not started can be canceled (spec Service order states). */
export function cancellable(order: OrderRecord): boolean {
  return order.status === 'received' || order.status === 'quote_pending';
}

/**
 * The cancel of one order (spec state table): `received` → `canceled` with one credit reversing what
 * was billed; `quote_pending` → `canceled`, declining the quote. `grants` names the right the order
 * had added, which the caller takes back (a right already spent refuses the cancel).
 */
export function cancellation(scope: Scope, order: OrderRecord, at: string): Omit<OrderChange, 'also'> & { takesBack?: string } {
  if (!cancellable(order)) {
    throw illegalMove(
      `The order is ${order.status}: only a received or quote_pending order can be canceled.`,
      order.next_renewal_at ? 'Ask for renewals to stop with POST /v1/service-orders/{id}/renewal/cancel.' : 'Fulfilment has started; contact us to discuss the order.',
    );
  }
  const next: OrderRecord = { ...without(order, 'next_renewal_at'), status: 'canceled', canceled_at: at };
  if (order.status === 'quote_pending') {
    if (order.quote) next.quote = { ...order.quote, state: 'declined' };
    return { next, events: ['service_order.status.changed'] };
  }
  const grants = findProduct(order.product_key)?.grants ?? undefined;
  return { next, events: ['service_order.status.changed'], lines: creditForCancel(order, at, livemode(scope)).lines, takesBack: grants };
}
