import { defineEntity } from '../entity';
import { addIdPointer, readById } from '../read-by-id';
import {
  companyPartition,
  JOB_SHARDS,
  quoteLapseIndex,
  renewalIndexes,
  SERVICE_ORDER_SK_PREFIX,
  serviceOrderKey,
  serviceOrderPointerKey,
  shardOf,
} from '../keys';
import type { Scope } from '../../scope';
import type { WriteSet } from '../write-set';
import type { ServiceOrderRecord } from '../../resources/service-order';
import { queryCount, queryEvery } from '../query';

/**
 * A service order as the orders area keeps it: the API record plus internals that never reach the API
 * (renderServiceOrder picks API fields only).
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
  /** The company's formation state when ordered: it priced the order's state fees, and its fee lines name it. */
  fee_state?: string;
  /** The open `form` requirement while the order is `requires_action`. */
  form_requirement?: string;
};

/**
 * The stored item of a service order: in its company's partition (newest-first listing), found by id
 * through its pointer (lib/store/read-by-id.ts), while it has a `next_renewal_at`, on the renewal job's
 * lists (gsi2 per partner, gsi3 per shard; sparse: an order without one is on no list), and while its
 * quote awaits acceptance, on the quote-lapse job's (gsi4). Every order item is built
 * here, so a renewal date that moves or ends moves the order on or off the lists in the same write.
 */
export const serviceOrderEntity = defineEntity<OrderRecord>({
  name: 'service_order',
  key: (scope, record) => serviceOrderKey(scope, record.company, record.created_at, record.id),
  indexes: (scope, record) => ({ ...renewalIndexAttributes(scope, record), ...quoteLapseIndexAttributes(scope, record) }),
});

/** While a quote awaits acceptance, the order is on the quote-lapse list, by the quote's expiry. */
function quoteLapseIndexAttributes(scope: Scope, order: OrderRecord): Record<string, string> {
  const expiresAt = order.status === 'quote_pending' && order.quote?.state === 'pending' ? order.quote.expires_at : undefined;
  if (!expiresAt) return {};
  return { gsi4pk: quoteLapseIndex(scope.mode, shardOf(order.id)).pk, gsi4sk: `${scope.partnerId}#${expiresAt}#${order.id}` };
}

function renewalIndexAttributes(scope: Scope, order: OrderRecord): Record<string, string> {
  if (!order.next_renewal_at || order.status === 'canceled') return {};
  const sk = `${order.next_renewal_at}#${scope.partnerId}#${order.id}`;
  return {
    gsi2pk: renewalIndexes.ofPartner(scope).pk,
    gsi2sk: sk,
    gsi3pk: renewalIndexes.byShard(scope.mode, shardOf(order.id)).pk,
    gsi3sk: sk,
  };
}

/** Another writer changed the order after it was read: the operation re-reads and decides again. */
export class OrderChanged extends Error {
  constructor(readonly orderId: string) {
    super(`service order ${orderId} changed concurrently`);
  }
}

/** Adds a new order's item, which must not exist yet, and its id pointer. */
export function addServiceOrderItem(ws: WriteSet, scope: Scope, record: OrderRecord): void {
  const item = serviceOrderEntity.item(scope, record);
  ws.put(item, { condition: serviceOrderEntity.where.absent() });
  addIdPointer(ws, serviceOrderPointerKey(scope, record.id), 'service_order_pointer', item);
}

/** Adds the rewrite of an order, conditioned on the revision that was read, with the revision bumped. */
export function addOrderChange(ws: WriteSet, scope: Scope, read: OrderRecord, next: OrderRecord): OrderRecord {
  const written: OrderRecord = { ...next, revision: (read.revision ?? 0) + 1 };
  ws.put(serviceOrderEntity.item(scope, written), {
    condition:
      read.revision === undefined ? serviceOrderEntity.where.lacks('revision') : serviceOrderEntity.where.equals('revision', read.revision),
    onFailed: () => new OrderChanged(read.id),
  });
  return written;
}

/** serviceOrdersOfCompany: every order, newest first (one Query of the company partition). */
export async function serviceOrdersOfCompany(scope: Scope, companyId: string): Promise<OrderRecord[]> {
  const items = await queryEvery({
    partition: companyPartition(scope, companyId),
    sortKey: { beginsWith: SERVICE_ORDER_SK_PREFIX },
    newestFirst: true,
  });
  return items.map(serviceOrderEntity.record);
}

/** How many orders the company holds: a count of its partition's `SO#` items, page after page (read before a creation, against its cap). */
export async function serviceOrderCountOfCompany(scope: Scope, companyId: string): Promise<number> {
  return queryCount({ partition: companyPartition(scope, companyId), sortKey: { beginsWith: SERVICE_ORDER_SK_PREFIX }, consistent: true });
}

/**
 * serviceOrderById, read consistently (its pointer, then the item: lib/store/read-by-id.ts), so a move
 * decides on the latest state; undefined for another partner's or mode's id.
 */
export async function readOrder(scope: Scope, orderId: string): Promise<OrderRecord | undefined> {
  const found = await readById(serviceOrderPointerKey(scope, orderId));
  return found ? serviceOrderEntity.record(found.item) : undefined;
}

/**
 * ordersDueForRenewal (gsi2 per partner and mode, gsi3 per mode and shard: lib/store/keys/billing.ts):
 * the orders whose `next_renewal_at` has come by `asOf`, as partner and order ids, with when each is due.
 */
export async function ordersDueForRenewal(
  index: { index: 'gsi2' | 'gsi3'; pk: string },
  asOf: Date,
): Promise<{ partnerId: string; orderId: string; dueAt: string }[]> {
  const sk = `${index.index}sk`;
  const items = await queryEvery({ partition: index.pk, index: index.index, sortKey: { to: `${asOf.toISOString()}#~` }, attributes: [sk] });
  return items.map((item) => {
    const [dueAt, partnerId, orderId] = String(item[sk]).split('#');
    return { partnerId, orderId, dueAt };
  });
}

/** An order whose pending quote expires by a time: where the quote-lapse list names it. */
export interface QuoteToLapse {
  partnerId: string;
  orderId: string;
  expiresAt: string;
}

const quoteToLapse = (item: Record<string, unknown>): QuoteToLapse => {
  const [partnerId, expiresAt, orderId] = String(item.gsi4sk).split('#');
  return { partnerId, orderId, expiresAt };
};

/** quotesByExpiry of one partner and mode: every pending quote expiring at or before `upto`. */
export async function quotesExpiringBy(scope: Scope, upto: Date): Promise<QuoteToLapse[]> {
  const shards = await Promise.all(
    Array.from({ length: JOB_SHARDS }, (_, shard) => {
      const index = quoteLapseIndex(scope.mode, shard);
      return queryEvery({
        partition: index.pk,
        index: index.index,
        sortKey: { between: [`${scope.partnerId}#`, `${scope.partnerId}#${upto.toISOString()}#~`] },
        attributes: ['gsi4sk'],
      });
    }),
  );
  return shards.flat().map(quoteToLapse);
}

/** quotesByExpiry of one shard of a mode, every partner: the pending quotes expiring at or before `upto`. */
export async function quotesOfShardExpiringBy(mode: Scope['mode'], shard: number, upto: Date): Promise<QuoteToLapse[]> {
  const index = quoteLapseIndex(mode, shard);
  const items = await queryEvery({ partition: index.pk, index: index.index, attributes: ['gsi4sk'] });
  return items.map(quoteToLapse).filter((q) => Date.parse(q.expiresAt) <= upto.getTime());
}
