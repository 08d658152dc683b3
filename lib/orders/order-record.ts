import type { OrderRecord } from '../store/entities/service-order';

export const TERMINAL_STATUSES = ['completed', 'canceled'] as const;

export function isTerminal(order: OrderRecord): boolean {
  return (TERMINAL_STATUSES as readonly string[]).includes(order.status);
}

/** Renewal bookkeeping, with the defaults of orders written before it existed (creation's own). */
export function renewalState(order: OrderRecord): { anchor: string; billed: number } {
  return { anchor: order.renewal_anchor ?? order.created_at, billed: order.periods_billed ?? (order.billing === 'advance' ? 1 : 0) };
}
