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
  if (!cancellable(order)) throw notCancellable(order);
  const next: OrderRecord = { ...without(order, 'next_renewal_at'), status: 'canceled', canceled_at: at };
  if (order.status === 'quote_pending') {
    if (order.quote) next.quote = { ...order.quote, state: 'declined' };
    return { next, events: ['service_order.status.changed'] };
  }
  const grants = findProduct(order.product_key)?.grants ?? undefined;
  return { next, events: ['service_order.status.changed'], lines: creditForCancel(order, at, livemode(scope)).lines, takesBack: grants };
}

/**
 * Why an order cannot be canceled, told by its status (spec Service order states: only `received`
 * and `quote_pending` cancel): an order canceled already says so and when, rather than blaming
 * fulfilment; a recurring one points at stopping its renewals.
 */
function notCancellable(order: OrderRecord) {
  const stopRenewals = `Stop its renewals instead with POST /v1/service-orders/${order.id}/renewal/cancel; the service then runs to the end of the paid period.`;
  switch (order.status) {
    case 'canceled':
      return illegalMove(
        `The order is already canceled (since ${order.canceled_at ?? 'earlier'}).`,
        `Nothing more to cancel: its credit, if it was billed, was issued when it was canceled. To have the product again, order it anew with POST /v1/companies/${order.company}/service-orders and {"product_key": "${order.product_key}"}.`,
      );
    case 'completed':
      return illegalMove(
        'The order is completed: a delivered service cannot be canceled.',
        order.next_renewal_at
          ? stopRenewals
          : `Nothing to cancel: the service was delivered. If it was delivered wrongly, write to support quoting ${order.id}.`,
      );
    default:
      return illegalMove(
        `The order is ${order.status}: fulfilment has started, and only a received or quote_pending order can be canceled.`,
        order.next_renewal_at
          ? stopRenewals
          : `Write to support quoting ${order.id} to stop the work; a started order is settled by hand, not through the API.`,
      );
  }
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
