import { tableName } from '../store/client';
import type { ReadBatch } from '../store/read-batch';
import { commit } from '../event-log/commit';
import { addInvoicedLine, addLineAttached } from '../store/entities/ledger-line';
import { addInvoiceFinalized, addLinesTotalled, addPeriodClaim, invoiceById, invoiceIdOfPeriod } from '../store/entities/invoice';
import { livemode, type Scope } from '../scope';
import { WriteSet } from '../store/write-set';
import { newId } from '../ids';
import { addLedgerLines, unbilledLines } from './ledger-store';
import { newLine } from './ledger-line';
import { invoiceNumber, isMintedInvoiceId, renderInvoice, type InvoiceRecord } from './invoice';
import { nextPeriod, periodBounds } from './period';
import { BoundedRun } from '../event-log/bounded-run';

/** Lines attached per transaction: 2 items of ours per batch plus the line updates, under DynamoDB's 100. */
const BATCH = 40;

class InvoiceMoved extends Error {}

/**
 * The month-end close of one partner and mode for `period` (docs/decisions.md, "Month-end invoices": one
 * wholesale invoice per partner and period, exactly once). Steps, each safe to repeat and to run concurrently:
 *  1. claim the period with a guard item holding a new draft invoice (or find the claimed one);
 *  2. attach every unbilled line up to the period in batches: each line's move is conditioned on it
 *     still being unbilled and the invoice still a draft, and the invoice total grows in the same
 *     transaction, so no line is counted twice or lost;
 *  3. finalize once (conditioned on `draft`): number, status, `invoice.finalized`.
 * A period with nothing to bill and no claimed invoice gets no invoice. A negative total (more credit
 * than charge) is carried: a `credit_carried` line zeroes this invoice and the same amount opens the
 * next period as a credit.
 * Each transaction is a step of `run`: a bounded run that stops (out of time) returns undefined with
 * `run.complete` false, its invoice still a draft (never shown on the API), for the next run to go on.
 */
export async function closePeriod(
  scope: Scope,
  period: string,
  at: string,
  run = BoundedRun.toTheEnd(),
): Promise<InvoiceRecord | undefined> {
  let invoice = await claimedInvoice(scope, period);
  if (invoice && invoice.status !== 'draft') return invoice;
  if (!invoice) {
    if ((await unbilledLines(scope, period, 1)).length === 0) return undefined;
    let claimed: InvoiceRecord | undefined;
    if (!(await run.step(async () => (claimed = await claimPeriod(scope, period, at))))) return undefined;
    invoice = claimed as InvoiceRecord;
    if (invoice.status !== 'draft') return invoice;
  }
  for (;;) {
    const batch = await unbilledLines(scope, period, BATCH);
    if (batch.length === 0) break;
    const ws = new WriteSet(scope, tableName());
    for (const line of batch) addLineAttached(ws, scope, line, invoice.id, () => new InvoiceMoved());
    const sum = batch.reduce((s, l) => s + l.amount, 0);
    addLinesTotalled(ws, scope, invoice.id, sum, batch.length, () => new InvoiceMoved());
    try {
      if (!(await run.step(() => commit(ws)))) return undefined;
    } catch (error) {
      if (!(error instanceof InvoiceMoved)) throw error;
      // Another closer attached some of these lines or finalized the invoice: look again.
      const current = await claimedInvoice(scope, period);
      if (current && current.status !== 'draft') return current;
    }
  }
  let finalized: InvoiceRecord | undefined;
  const draftId = invoice.id;
  if (!(await run.step(async () => (finalized = await finalize(scope, draftId, period, at))))) return undefined;
  return finalized;
}

async function claimedInvoice(scope: Scope, period: string): Promise<InvoiceRecord | undefined> {
  const invoiceId = await invoiceIdOfPeriod(scope, period);
  return invoiceId ? getInvoiceRecord(scope, invoiceId) : undefined;
}

export async function getInvoiceRecord(scope: Scope, invoiceId: string, batch?: ReadBatch): Promise<InvoiceRecord | undefined> {
  if (!isMintedInvoiceId(invoiceId)) return undefined;
  return invoiceById(scope, invoiceId, batch);
}

async function claimPeriod(scope: Scope, period: string, at: string): Promise<InvoiceRecord> {
  const record: InvoiceRecord = {
    id: newId('invoice'),
    status: 'draft',
    period,
    total: 0,
    line_count: 0,
    amount_paid: 0,
    currency: 'usd',
    livemode: livemode(scope),
    created_at: at,
  };
  const ws = new WriteSet(scope, tableName());
  class Claimed extends Error {}
  addPeriodClaim(ws, scope, period, record, () => new Claimed());
  try {
    await commit(ws);
    return record;
  } catch (error) {
    if (!(error instanceof Claimed)) throw error;
    return (await claimedInvoice(scope, period))!;
  }
}

async function finalize(scope: Scope, invoiceId: string, period: string, at: string): Promise<InvoiceRecord> {
  const draft = (await getInvoiceRecord(scope, invoiceId))!;
  if (draft.status !== 'draft') return draft;
  const ws = new WriteSet(scope, tableName());
  let total = draft.total;
  let lineCount = draft.line_count;
  if (total < 0) {
    const carried = -total;
    const here = newLine({
      key: `${invoiceId}#carried-out`,
      kind: 'credit_carried',
      description: `Credit carried to the invoice of ${nextPeriod(period)}`,
      amount: carried,
      currency: 'usd',
      billed_at: at,
      livemode: livemode(scope),
    });
    const next = newLine({
      key: `${invoiceId}#carried-in`,
      kind: 'credit',
      description: `Credit carried from invoice ${invoiceNumber(period, livemode(scope))}`,
      amount: -carried,
      currency: 'usd',
      billed_at: periodBounds(nextPeriod(period)).start > at ? periodBounds(nextPeriod(period)).start : at,
      livemode: livemode(scope),
    });
    // The carried-out line belongs to this invoice from the start; the carried-in one waits unbilled.
    addInvoicedLine(ws, scope, here, invoiceId);
    addLedgerLines(ws, scope, [next]);
    total = 0;
    lineCount += 1;
  }
  const finalized: InvoiceRecord = {
    ...draft,
    status: total > 0 ? 'open' : 'paid',
    total,
    line_count: lineCount,
    number: invoiceNumber(period, livemode(scope)),
    finalized_at: at,
  };
  addInvoiceFinalized(ws, scope, finalized, draft.total, () => new InvoiceMoved());
  ws.recordEvent({ type: 'invoice.finalized', resource: renderInvoice(finalized) });
  try {
    await commit(ws);
    return finalized;
  } catch (error) {
    if (!(error instanceof InvoiceMoved)) throw error;
    // Finalized by a concurrent closer, or a late batch grew the total: the current record decides.
    const current = (await getInvoiceRecord(scope, invoiceId))!;
    return current.status === 'draft' ? finalize(scope, invoiceId, period, at) : current;
  }
}
