import { defineEntity } from '../entity';
import { invoiceLinesIndex, ledgerLineKey, partnerOfUnbilledByShard, shardOf, unbilledByShardSortKey, unbilledIndexes } from '../keys';
import { queryEvery, queryPage } from '../query';
import type { Scope } from '../../scope';
import type { WriteSet } from '../write-set';

/**
 * One line of the wholesale ledger (docs/decisions.md, "Billing and the ledger": every billable act
 * is a ledger line). Lines are never changed except to be attached to the invoice that bills them; a
 * correction is a new line (a credit).
 * `amount` is signed integer cents: charges positive, credits negative.
 */
export type LineKind = 'order' | 'fee' | 'renewal' | 'credit' | 'difference' | 'credit_carried';

export interface LineOption {
  option: string;
  value: string;
  amount: number;
}

export interface LedgerLine {
  id: string;
  /**
   * The act this line bills, e.g. `so_…#renewal#3`. One line per key, ever: the line's item key is
   * derived from it, so a retried or concurrent act cannot bill twice.
   */
  key: string;
  kind: LineKind;
  description: string;
  amount: number;
  currency: 'usd';
  company?: string;
  service_order?: string;
  product_key?: string;
  /**
   * The paid option choices priced into an order or renewal line's amount, each with the cents it
   * adds (frozen when billed): the hosted invoice shows them as lines under their order.
   */
  options?: LineOption[];
  /** On a state fee's line: the state (`DE`) whose fee it is, so the line names it. */
  state?: string;
  /** `YYYY-MM` of `billed_at`. */
  period: string;
  billed_at: string;
  livemode: boolean;
}

/**
 * Where a line is listed: unbilled (gsi2 per partner, gsi3 per shard) until the month-end close
 * attaches it to an invoice, whose id it then keeps, listed with the invoice's lines (gsi4).
 */
type LineLists = {
  gsi2pk?: string;
  gsi2sk?: string;
  gsi3pk?: string;
  gsi3sk?: string;
  gsi4pk?: string;
  gsi4sk?: string;
};

/** A line as stored: the line and, once attached, the invoice that bills it (never part of the line). */
interface StoredLine extends LedgerLine {
  invoice_id?: string;
}

const unbilledLists = (scope: Scope, line: LedgerLine) => ({
  gsi2pk: unbilledIndexes.ofPartner(scope).pk,
  gsi2sk: `${line.period}#${line.id}`,
  gsi3pk: unbilledIndexes.byShard(scope.mode, shardOf(line.id)).pk,
  gsi3sk: unbilledByShardSortKey(line.period, scope.partnerId, line.id),
});
const invoiceLists = (scope: Scope, line: LedgerLine, invoiceId: string) => ({
  gsi4pk: invoiceLinesIndex(scope, invoiceId).pk,
  gsi4sk: `${line.billed_at}#${line.id}`,
});

const ledgerLineEntity = defineEntity<StoredLine, LineLists>({
  name: 'ledger_line',
  key: (scope, line) => ledgerLineKey(scope, line.id),
  indexes: (scope, { invoice_id, ...line }) => (invoice_id ? invoiceLists(scope, line, invoice_id) : unbilledLists(scope, line)),
  internal: ['invoice_id'],
});
const where = ledgerLineEntity.where;

/** The stored line: unbilled (on the unbilled indexes, gsi2 and gsi3) until the month-end close attaches it to an invoice. */
export function ledgerLineItem(scope: Scope, line: LedgerLine): Record<string, unknown> {
  return ledgerLineEntity.item(scope, line);
}

/** A new line, unbilled, in the transaction of the act it bills: `onBilled` when the act was billed already. */
export function addLedgerLine(ws: WriteSet, scope: Scope, line: LedgerLine, onBilled: () => Error): void {
  ws.put(ledgerLineItem(scope, line), { condition: where.absent(), onFailed: onBilled });
}

/** A new line that belongs to an invoice from the start (a credit carried out of it): on the invoice's lines, never unbilled. */
export function addInvoicedLine(ws: WriteSet, scope: Scope, line: LedgerLine, invoiceId: string): void {
  ws.put(ledgerLineEntity.item(scope, { ...line, invoice_id: invoiceId }), { condition: where.absent() });
}

/** An unbilled line attached to an invoice (off the unbilled indexes, onto the invoice's): `onMoved` when it was attached already. */
export function addLineAttached(ws: WriteSet, scope: Scope, line: LedgerLine, invoiceId: string, onMoved: () => Error): void {
  ws.update(
    ledgerLineKey(scope, line.id),
    ledgerLineEntity.update({
      set: { invoice_id: invoiceId, ...invoiceLists(scope, line, invoiceId) },
      remove: ['gsi2pk', 'gsi2sk', 'gsi3pk', 'gsi3sk'],
    }),
    { condition: where.has('gsi2pk'), onFailed: onMoved },
  );
}

/** A stored line's record: the line's own fields alone. */
export function toLedgerLine(item: Record<string, unknown>): LedgerLine {
  return ledgerLineEntity.record(item);
}

/** linesOfInvoice (gsi4): the lines an invoice bills, oldest first. */
export async function linesOfInvoice(scope: Scope, invoiceId: string): Promise<LedgerLine[]> {
  const index = invoiceLinesIndex(scope, invoiceId);
  return (await queryEvery({ partition: index.pk, index: index.index })).map(toLedgerLine);
}

/** unbilledLinesOfPartner (gsi2): a partner and mode's unbilled lines up to and including `period`, oldest period first. */
export async function unbilledLines(scope: Scope, throughPeriod: string, limit?: number): Promise<LedgerLine[]> {
  const index = unbilledIndexes.ofPartner(scope);
  const page = await queryPage({ partition: index.pk, index: index.index, sortKey: { below: `${throughPeriod}#~` }, limit });
  return page.items.map(toLedgerLine);
}

/** unbilledLinesByShard (gsi3): every partner of a mode with unbilled lines up to `period` (the scheduled month-end job). */
export async function partnersWithUnbilledLines(mode: Scope['mode'], throughPeriod: string, shards: number): Promise<string[]> {
  const partners = new Set<string>();
  for (let shard = 0; shard < shards; shard++) {
    const index = unbilledIndexes.byShard(mode, shard);
    const items = await queryEvery({
      partition: index.pk,
      index: index.index,
      sortKey: { below: `${throughPeriod}#~` },
      attributes: ['gsi3sk'],
    });
    for (const item of items) partners.add(partnerOfUnbilledByShard(String(item.gsi3sk)));
  }
  return [...partners];
}
