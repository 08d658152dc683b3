import type { ServiceOrderRecord } from '../resources/service-order';

/**
 * A service order as this area keeps it: the companies area's record plus internals that never reach
 * the API (renderServiceOrder picks API fields only).
 */
export type OrderRecord = ServiceOrderRecord & {
  /** Bumped by every change; each write is conditioned on the revision it read. */
  revision?: number;
  /** Net cents billed for this order so far: every ledger line of the order, summed. */
  billed_amount?: number;
  /** Start of period 0 of a recurring order (its creation, or its quote's acceptance). */
  renewal_anchor?: string;
  /** Periods billed so far (an advance order bills period 0 at creation). */
  periods_billed?: number;
  /** Operator-side price changes so far; numbers their ledger lines. */
  reprices?: number;
  /** The open `form` requirement while the order is `requires_action`. */
  form_requirement?: string;
};

export const TERMINAL_STATUSES = ['completed', 'canceled'] as const;

export function isTerminal(order: OrderRecord): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(order.status);
}

/** Renewal bookkeeping, with the defaults of orders written before it existed (creation's own). */
export function renewalState(order: OrderRecord): { anchor: string; billed: number } {
  return { anchor: order.renewal_anchor ?? order.created_at, billed: order.periods_billed ?? (order.billing === 'advance' ? 1 : 0) };
}
