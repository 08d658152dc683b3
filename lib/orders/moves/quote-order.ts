import type { Scope } from '../../scope';
import { changeOrder } from '../change-order';
import { illegalMove } from '../order-errors';
import type { OrderRecord } from '../../store/entities/service-order';

/** How long a quote stands when the operator gives no expiry (docs/decisions.md). */
export const DEFAULT_QUOTE_DAYS = 14;

/**
 * The operator prices a `quote_pending` order (sandbox: POST /sandbox/service-orders/{id}/quote). The
 * order stays `quote_pending` with `quote` filled and `service_order.quoted` fires; nothing bills until
 * the partner accepts. A new quote replaces one not yet accepted.
 */
export function quoteOrder(scope: Scope, orderId: string, input: { unit_amount: number; expires_at?: string }): Promise<OrderRecord> {
  return changeOrder(scope, orderId, (order, at) => {
    if (order.status !== 'quote_pending')
      throw illegalMove(
        `The order is ${order.status}: only a quote_pending order can be quoted.`,
        'Quote orders of quoted products before their quote is accepted.',
      );
    const expiresAt = input.expires_at ?? new Date(Date.parse(at) + DEFAULT_QUOTE_DAYS * 86_400_000).toISOString();
    if (Date.parse(expiresAt) <= Date.parse(at))
      throw illegalMove(
        'expires_at must be in the future',
        `Send expires_at after now, such as "expires_at": "${new Date(Date.parse(at) + 7 * 86_400_000).toISOString()}" (a week from now).`,
        '$.expires_at',
      );
    return {
      next: {
        ...order,
        quote: {
          state: 'pending',
          unit_amount: input.unit_amount,
          currency: order.currency,
          quoted_at: at,
          expires_at: new Date(expiresAt).toISOString(),
        },
      },
      events: ['service_order.quoted'],
    };
  });
}
