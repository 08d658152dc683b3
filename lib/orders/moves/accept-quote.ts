import { linesForAcceptedQuote } from '../../billing/billing-acts';
import { livemode, type Scope } from '../../scope';
import { changeOrder } from '../change-order';
import { illegalMove } from '../order-errors';
import { ApiError } from '../../errors';
import type { OrderRecord } from '../../store/entities/service-order';

/**
 * POST /service-orders/{id}/quote/accept: before `quote.expires_at` the quoted price becomes the
 * order's `unit_amount`, it bills once, and the order moves to `received` to wait for fulfilment like
 * any other order (docs/decisions.md). At or after the expiry it is refused and nothing changes.
 */
export function acceptQuote(scope: Scope, orderId: string): Promise<OrderRecord> {
  return changeOrder(scope, orderId, (order, at) => {
    // Accepted already: by an earlier request, or by a parallel one that won (this one then decides
    // again on the order it wrote). A conflict with the order's state, billed once.
    if (order.quote?.state === 'accepted')
      throw new ApiError('resource_already_exists', `The quote was accepted already, at ${order.quote.accepted_at}.`, [
        {
          reason: 'the quote was accepted already',
          location: '$.quote.state',
          validation_type: 'state',
          how_to_fix: `Nothing to do: the order is ${order.status} at the quoted price; read it with GET /v1/service-orders/${order.id}.`,
        },
      ]);
    if (order.status !== 'quote_pending')
      throw illegalMove(
        `The order is ${order.status}: there is no quote to accept.`,
        `Nothing to accept: only a quote_pending order carries a quote to accept; read ${order.id} with GET /v1/service-orders/${order.id}.`,
      );
    const quote = order.quote;
    if (quote?.state === 'expired')
      throw illegalMove(`The quote expired at ${quote.expires_at}.`, 'Ask for a new quote, or cancel the order.', '$.quote.expires_at');
    if (quote?.state !== 'pending' || quote.unit_amount === undefined)
      throw illegalMove('The order has not been quoted yet.', 'Wait for service_order.quoted, then accept.', '$.quote');
    if (quote.expires_at && Date.parse(at) >= Date.parse(quote.expires_at)) {
      throw illegalMove(`The quote expired at ${quote.expires_at}.`, 'Ask for a new quote, or cancel the order.', '$.quote.expires_at');
    }
    const next: OrderRecord = {
      ...order,
      status: 'received',
      unit_amount: quote.unit_amount,
      quote: { ...quote, state: 'accepted', accepted_at: at },
    };
    return {
      next,
      events: ['service_order.status.changed'],
      lines: linesForAcceptedQuote(order, quote.unit_amount, at, livemode(scope)).lines,
    };
  });
}
