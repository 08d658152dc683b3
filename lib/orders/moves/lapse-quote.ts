import type { Scope } from '../../scope';
import { renderServiceOrder } from '../../resources/service-order';
import { previousAttributes } from '../../resources/previous-attributes';
import { changeOrder } from '../change-order';
import type { OrderRecord } from '../../store/entities/service-order';

/**
 * A quote not accepted by `quote.expires_at` lapses (docs/decisions.md, "The sandbox clock"): its `state`
 * becomes `expired` and `service_order.updated` fires, its `timestamp` the expiry. The order stays
 * `quote_pending`: the operator may quote again, the partner may cancel. Nothing bills. Once only: an
 * order whose quote was accepted, replaced, declined or lapsed meanwhile is left as it is. Returns
 * whether it lapsed.
 */
export async function lapseQuote(scope: Scope, orderId: string, asOf: Date): Promise<boolean> {
  let lapsed = false;
  await changeOrder(scope, orderId, (order) => {
    const quote = order.quote;
    if (order.status !== 'quote_pending' || quote?.state !== 'pending' || !quote.expires_at) return undefined;
    if (Date.parse(quote.expires_at) > asOf.getTime()) return undefined;
    lapsed = true;
    const next: OrderRecord = { ...order, quote: { ...quote, state: 'expired' } };
    return {
      next,
      events: [],
      also: (ws, written) => {
        const resource = renderServiceOrder(written);
        ws.recordEvent({
          type: 'service_order.updated',
          companyId: written.company,
          resource,
          previous: previousAttributes(renderServiceOrder(order), resource),
          timestamp: quote.expires_at,
        });
      },
    };
  });
  return lapsed;
}
