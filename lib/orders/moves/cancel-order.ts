import { creditForCancel } from '../../billing/billing-acts';
import { findProduct } from '../../catalog/products';
import { getCompany } from '../../companies/store';
import { addEntitlementChange } from '../../entitlements/change-entitlements';
import { livemode, type Scope } from '../../store/scope';
import { changeOrder, without } from '../change-order';
import { illegalMove } from '../order-errors';
import type { OrderRecord } from '../order-record';

/**
 * POST /service-orders/{id}/cancel (spec state table): `received` → `canceled` with one credit
 * reversing what was billed; `quote_pending` → `canceled`, declining the quote. Once fulfilment has
 * started the order cannot be canceled (a recurring one can stop renewing instead). Canceling an order
 * that granted a right takes the right back; if it was already spent, the cancel is refused.
 */
export function cancelOrder(scope: Scope, orderId: string): Promise<OrderRecord> {
  return changeOrder(scope, orderId, async (order, at) => {
    if (order.status !== 'received' && order.status !== 'quote_pending') {
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
    const grants = findProduct(order.product_key)?.grants;
    const company = grants ? await getCompany(scope, order.company, { consistent: true }) : undefined;
    return {
      next,
      events: ['service_order.status.changed'],
      lines: creditForCancel(order, at, livemode(scope)).lines,
      also: (ws) => {
        if (grants && company) addEntitlementChange(ws, scope, company, grants, -1, at);
      },
    };
  });
}
