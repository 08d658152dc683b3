import { nowIso } from '../clock';
import { resourceMissing } from '../errors';
import { commit } from '../event-log/commit';
import { tableName } from '../store/client';
import type { Scope } from '../scope';
import { WriteSet } from '../store/write-set';
import { addLedgerLines, AlreadyBilled } from '../billing/ledger-store';
import type { LedgerLine } from '../billing/ledger-line';
import { renderServiceOrder } from '../resources/service-order';
import { isChangeEvent } from '../resources/event';
import { previousAttributes } from '../resources/previous-attributes';
import { CompanyChanged } from '../store/entities/company';
import { OrderChanged, addOrderChange, readOrder } from '../store/entities/service-order';
import { RequirementChanged } from '../store/entities/requirement';
import type { OrderRecord } from '../store/entities/service-order';

/** The service-order events a change can fire (spec Events: event types). */
export type OrderEventType =
  | 'service_order.status.changed'
  | 'service_order.completed'
  | 'service_order.updated'
  | 'service_order.quoted'
  | 'service_order.renewal_canceled'
  | 'service_order.renewal_cancel_denied';

export interface OrderChange {
  next: OrderRecord;
  events: OrderEventType[];
  /** Ledger lines the change bills; their sum is added to the order's `billed_amount`. */
  lines?: LedgerLine[];
  /** Anything else of the same transaction (a requirement, the company's entitlements). */
  also?: (ws: WriteSet, written: OrderRecord) => void | Promise<void>;
}

const MAX_ATTEMPTS = 6;

/**
 * Runs one move of an order: read it, let `decide` say what changes (or throw a refusal), and commit
 * the order, its ledger lines and its events in ONE transaction conditioned on the revision read. A
 * concurrent change makes it read and decide again, so two moves never both apply to one state.
 */
export async function changeOrder(
  scope: Scope,
  orderId: string,
  /** What changes; `undefined`: nothing does, so nothing is written or fired and the order is answered as read. */
  decide: (order: OrderRecord, at: string) => OrderChange | undefined | Promise<OrderChange | undefined>,
  /** The order as the caller has just read it (consistently): the first attempt decides on it, unread again. */
  justRead?: OrderRecord,
): Promise<OrderRecord> {
  for (let attempt = 1; ; attempt++) {
    // The write is conditioned on the version decided on, so a change since that read is caught either way.
    const order = attempt === 1 && justRead ? justRead : await readOrder(scope, orderId);
    if (!order) throw resourceMissing('service order', orderId);
    const at = nowIso();
    const change = await decide(order, at);
    if (change === undefined) return order;
    const ws = new WriteSet(scope, tableName());
    const written = addOrderMove(ws, scope, order, change, at);
    await change.also?.(ws, written);
    try {
      await commit(ws);
      return written;
    } catch (error) {
      // A line billed meanwhile is a change of the order too (its ledger line's key is taken): decide again.
      const changed =
        error instanceof OrderChanged ||
        error instanceof CompanyChanged ||
        error instanceof RequirementChanged ||
        error instanceof AlreadyBilled;
      if (changed && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}

/**
 * Adds one decided move of an order to a transaction: its ledger lines (their sum added to
 * `billed_amount`), the order conditioned on the revision read, and its events (the change events
 * with what the move changed of the order as read).
 */
export function addOrderMove(ws: WriteSet, scope: Scope, order: OrderRecord, change: Omit<OrderChange, 'also'>, at: string): OrderRecord {
  const billed = (change.lines ?? []).reduce((s, l) => s + l.amount, 0);
  addLedgerLines(ws, scope, change.lines ?? []);
  const written = addOrderChange(ws, scope, order, { ...change.next, billed_amount: (order.billed_amount ?? 0) + billed, updated_at: at });
  const resource = renderServiceOrder(written);
  const previous = previousAttributes(renderServiceOrder(order), resource);
  for (const type of change.events)
    ws.recordEvent({ type, companyId: order.company, resource, ...(isChangeEvent(type) ? { previous } : {}) });
  return written;
}

/** The order without the fields named: a copy with them absent. */
export function without(order: OrderRecord, ...fields: (keyof OrderRecord)[]): OrderRecord {
  const out = { ...order } as Record<string, unknown>;
  for (const f of fields) delete out[f as string];
  return out as OrderRecord;
}
