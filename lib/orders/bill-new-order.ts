import { linesForNewOrder } from '../billing/billing-acts';
import { addLedgerLines } from '../billing/ledger-store';
import type { ServiceOrderRecord } from '../resources/service-order';
import type { Scope } from '../scope';
import type { WriteSet } from '../store/write-set';
import type { OrderRecord } from '../store/entities/service-order';

/**
 * Bills a new order inside the transaction that creates it (spec billing rules: "the order is billed
 * when created"): its ledger lines, and the order's internal billed total and renewal bookkeeping.
 * A `quote_pending` order bills nothing until its quote is accepted. Returns the record to store.
 */
export function billNewOrder(ws: WriteSet, scope: Scope, created: ServiceOrderRecord): OrderRecord {
  const record: OrderRecord = { ...created, billed_amount: 0, reprices: 0 };
  if (created.interval && created.interval !== 'one_time') {
    record.renewal_anchor = created.created_at;
    record.periods_billed = created.billing === 'advance' ? 1 : 0;
  }
  if (created.status === 'quote_pending') return record;
  const { lines, billed } = linesForNewOrder(record, created.created_at, created.livemode);
  addLedgerLines(ws, scope, lines);
  record.billed_amount = billed;
  return record;
}
