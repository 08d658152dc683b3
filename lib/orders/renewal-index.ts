import { renewalIndexes, shardOf } from '../store/keys';
import type { Scope } from '../store/scope';

/**
 * The index attributes that put a recurring order on the renewal job's lists while it has a
 * `next_renewal_at` (sparse: an order without one is on no list). Every order item is built with
 * these, so a renewal date that moves or ends moves the order on or off the lists in the same write.
 */
export function renewalIndexAttributes(scope: Scope, order: { id: string; next_renewal_at?: string; status: string }): Record<string, string> {
  if (!order.next_renewal_at || order.status === 'canceled') return {};
  const sk = `${order.next_renewal_at}#${scope.partnerId}#${order.id}`;
  return {
    gsi2pk: renewalIndexes.ofPartner(scope).pk,
    gsi2sk: sk,
    gsi3pk: renewalIndexes.byShard(scope.mode, shardOf(order.id)).pk,
    gsi3sk: sk,
  };
}
