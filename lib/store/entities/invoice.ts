import { tableName } from '../client';
import { defineEntity } from '../entity';
import { allOf, equals, itemAbsent } from '../expression';
import { invoiceCounterKey, invoiceKey, invoicePeriodKey, invoicesIndex } from '../keys';
import { getItem, type ReadBatch } from '../read-batch';
import type { Scope } from '../../scope';
import type { Invoice } from '../../resources/invoice';
import type { WriteSet } from '../write-set';

/**
 * What the store keeps of an invoice; the API shape is lib/resources/invoice.ts, with `livemode`,
 * `period` and, on the single-invoice view, `lines` (docs/decisions.md, "Month-end invoices").
 */
export interface InvoiceRecord {
  id: string;
  /** `draft` only while the month-end close attaches lines; never visible on the API. */
  status: 'draft' | Invoice['status'];
  period: string;
  number?: string;
  total: number;
  line_count: number;
  amount_paid: number;
  currency: 'usd';
  livemode: boolean;
  created_at: string;
  finalized_at?: string;
}

/**
 * An invoice: its item by id, listed on invoicesOfPartner (gsi1, `<finalized_at>#<id>`) once it is
 * finalized (a draft is never listed); a guard item per partner, mode and period names the one invoice
 * of that period; a counter per partner and mode counts the finalized ones (`page.total`).
 */
const invoiceEntity = defineEntity<InvoiceRecord>({ name: 'invoice', key: (scope, record) => invoiceKey(scope, record.id) });

/** invoiceById (consistent), in the request's shared read when `batch` is given. */
export async function invoiceById(scope: Scope, invoiceId: string, batch?: ReadBatch): Promise<InvoiceRecord | undefined> {
  const item = await getItem(tableName(), invoiceKey(scope, invoiceId), { batch, consistent: true });
  return item ? invoiceEntity.record(item) : undefined;
}

/** invoiceOfPeriod: the id of the invoice that claimed the period, if one did (consistent). */
export async function invoiceIdOfPeriod(scope: Scope, period: string): Promise<string | undefined> {
  const guard = await getItem(tableName(), invoicePeriodKey(scope, period), { consistent: true });
  return guard?.invoice_id as string | undefined;
}

/** The period claimed by a new draft invoice: `onClaimed` when another claimed it first. */
export function addPeriodClaim(ws: WriteSet, scope: Scope, period: string, draft: InvoiceRecord, onClaimed: () => Error): void {
  ws.put(
    { ...invoicePeriodKey(scope, period), entity: 'invoice_period', invoice_id: draft.id },
    { condition: itemAbsent(), onFailed: onClaimed },
  );
  ws.put(invoiceEntity.item(scope, draft));
}

/** Lines attached to a draft: its total and line count grow, only while it is a draft (`onMoved`). */
export function addLinesTotalled(ws: WriteSet, scope: Scope, invoiceId: string, sum: number, lines: number, onMoved: () => Error): void {
  ws.update(
    invoiceKey(scope, invoiceId),
    { add: { total: sum, line_count: lines } },
    { condition: equals('status', 'draft'), onFailed: onMoved },
  );
}

/**
 * A draft finalized as `finalized`: listed from now on, counted, and only if it is still the draft at
 * the total that was read (`onMoved`).
 */
export function addInvoiceFinalized(ws: WriteSet, scope: Scope, finalized: InvoiceRecord, draftTotal: number, onMoved: () => Error): void {
  ws.put(
    { ...invoiceEntity.item(scope, finalized), gsi1pk: invoicesIndex(scope).pk, gsi1sk: `${finalized.finalized_at}#${finalized.id}` },
    { condition: allOf(equals('status', 'draft'), equals('total', draftTotal)), onFailed: onMoved },
  );
  ws.update(invoiceCounterKey(scope), { add: { count: 1 } });
}

/** A finalized invoice's status moved (paid, uncollectible, void), only if it is still `from` (`onChanged`). */
export function addInvoiceStatusMove(ws: WriteSet, scope: Scope, from: InvoiceRecord, next: InvoiceRecord, onChanged: () => Error): void {
  ws.update(
    invoiceKey(scope, from.id),
    { set: { status: next.status, amount_paid: next.amount_paid } },
    { condition: equals('status', from.status), onFailed: onChanged },
  );
}

/** invoicesOfPartner's range (gsi1, newest first) and its count: what GET /invoices pages through. */
export const invoicesRange = (scope: Scope) => invoicesIndex(scope);

export const invoiceOfItem = (item: Record<string, unknown>): InvoiceRecord => invoiceEntity.record(item);

/** The count of finalized invoices of a partner and mode (0 before the first). */
export async function finalizedInvoiceCount(scope: Scope): Promise<number> {
  return ((await getItem(tableName(), invoiceCounterKey(scope)))?.count as number | undefined) ?? 0;
}
