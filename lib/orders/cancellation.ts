import { creditForCancel, linesForRenewal } from '../billing/billing-acts';
import { renewalState } from './order-record';
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

/** An order whose fulfilment has started: only the end of its company cancels it. */
export function inFulfilment(order: OrderRecord): boolean {
  return order.status === 'in_progress' || order.status === 'requires_action';
}

/**
 * The cancel of an order in fulfilment, which only the dissolution of its company makes
 * (docs/decisions.md, "Orders and billing"): `canceled` without a credit (the spec credits a cancel
 * only before fulfilment starts), its awaited form dropped (the form requirement closes with the
 * company's other requirements), renewals over. An arrears product bills its running period now,
 * as it would have at that period's end.
 */
export function cancellationInFulfilment(scope: Scope, order: OrderRecord, at: string): Omit<OrderChange, 'also'> {
  const next: OrderRecord = { ...without(order, 'form', 'form_requirement', 'next_renewal_at'), status: 'canceled', canceled_at: at };
  if (order.billing !== 'arrears' || !order.next_renewal_at) return { next, events: ['service_order.status.changed'] };
  const { anchor, billed } = renewalState(order);
  next.periods_billed = billed + 1;
  next.renewal_anchor = anchor;
  return { next, events: ['service_order.status.changed'], lines: linesForRenewal(order, billed, at, livemode(scope)).lines };
}
