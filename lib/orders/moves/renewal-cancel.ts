import type { Scope } from '../../scope';
import { nextRenewalAt } from '../../billing/renewal-schedule';
import { changeOrder, without } from '../change-order';
import { illegalMove } from '../order-errors';
import { renewalState } from '../order-record';
import type { OrderRecord } from '../../store/entities/service-order';

const recurring = (order: OrderRecord) => order.interval === 'monthly' || order.interval === 'yearly';

/**
 * POST /service-orders/{id}/renewal/cancel: sets `renewal_cancel_requested_at`; renewals keep billing
 * until the operator decides. Asking again while a request is pending changes nothing.
 */
export function requestRenewalCancel(scope: Scope, orderId: string): Promise<OrderRecord> {
  return changeOrder(scope, orderId, (order, at) => {
    if (!recurring(order))
      throw illegalMove('The order is not recurring: it has no renewals.', 'Only monthly or yearly orders renew.', '$.interval');
    if (order.status === 'canceled' || order.renewal_canceled_at || !order.next_renewal_at)
      throw illegalMove(
        'Renewals of this order have already ended.',
        `Nothing more to stop: ${order.id} renews no more${order.renewal_ends_at ? ` (the service runs to ${order.renewal_ends_at})` : ''}; read it with GET /v1/service-orders/${order.id}.`,
        '$.next_renewal_at',
      );
    if (order.renewal_cancel_requested_at) return { next: order, events: [] };
    return { next: { ...order, renewal_cancel_requested_at: at }, events: [] };
  });
}

/**
 * The operator approves (sandbox …/renewal/approve): `renewal_canceled_at`, `renewal_ends_at` = the
 * end of the running period, `service_order.renewal_canceled`. An advance product has billed all it
 * will, so `next_renewal_at` goes; an arrears product keeps it: it bills that last period once, at its
 * end. The fulfilment status is unaffected.
 */
export function approveRenewalCancel(scope: Scope, orderId: string): Promise<OrderRecord> {
  return changeOrder(scope, orderId, (order, at) => {
    if (!order.renewal_cancel_requested_at || order.renewal_canceled_at)
      throw illegalMove(
        'No renewal cancel request awaits a decision.',
        `The partner asks first with POST /v1/service-orders/${order.id}/renewal/cancel.`,
        '$.renewal_cancel_requested_at',
      );
    const { anchor, billed } = renewalState(order);
    const endsAt = order.next_renewal_at!;
    const next: OrderRecord = { ...without(order, 'next_renewal_at'), renewal_canceled_at: at, renewal_ends_at: endsAt };
    const upcoming = nextRenewalAt(anchor, order.interval as 'monthly', order.billing, billed, endsAt);
    if (upcoming) next.next_renewal_at = upcoming;
    return { next, events: ['service_order.renewal_canceled'] };
  });
}

/** The operator denies (sandbox …/renewal/deny): the request is cleared and the order keeps renewing. */
export function denyRenewalCancel(scope: Scope, orderId: string): Promise<OrderRecord> {
  return changeOrder(scope, orderId, (order) => {
    if (!order.renewal_cancel_requested_at || order.renewal_canceled_at)
      throw illegalMove(
        'No renewal cancel request awaits a decision.',
        `The partner asks first with POST /v1/service-orders/${order.id}/renewal/cancel.`,
        '$.renewal_cancel_requested_at',
      );
    return { next: without(order, 'renewal_cancel_requested_at'), events: ['service_order.renewal_cancel_denied'] };
  });
}
