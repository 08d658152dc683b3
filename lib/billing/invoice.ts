import type { z } from 'zod';
import type { Invoice, invoiceLineSchema } from '../resources/invoice';
import type { InvoiceRecord } from '../store/entities/invoice';
import type { LedgerLine } from './ledger-line';
import { isId } from '../ids';
import { statementLines } from './line-words';
import { monthName } from './period';

/** What the store keeps of an invoice (lib/store/entities/invoice.ts). */
export type { InvoiceRecord } from '../store/entities/invoice';

/** How late lines are billed, as the hosted invoice, its PDF and docs/guide/orders-and-billing.md say it. */
export const LATE_LINES_NOTE = 'A line recorded after its month closed is billed on the next invoice, marked as a late line of its month.';

/** The API's invoice lines of one ledger line (lib/billing/line-words.ts, statementLines): a paid option is its own line. */
export function renderLines(line: LedgerLine, invoicePeriod?: string): z.infer<ReturnType<typeof invoiceLineSchema>>[] {
  const late = invoicePeriod !== undefined && line.period && line.period < invoicePeriod ? line.period : undefined;
  return statementLines(line).map((part) => {
    const out: Record<string, unknown> = {
      id: part.id,
      kind: part.kind,
      description: late ? `${part.description} (late line of ${monthName(late)})` : part.description,
      amount: part.amount,
      currency: line.currency,
    };
    if (line.company) out.company = line.company;
    if (line.service_order) out.service_order = line.service_order;
    out.period = line.period;
    out.billed_at = line.billed_at;
    return out as z.infer<ReturnType<typeof invoiceLineSchema>>;
  });
}

/** The API shape. `amount_due` is the sum of the invoice's lines, credits included. */
export function renderInvoice(record: InvoiceRecord, extra: { hostedUrl?: string; lines?: LedgerLine[] } = {}): Invoice {
  const out: Record<string, unknown> = { object: 'invoice', id: record.id };
  if (record.number) out.number = record.number;
  out.amount_due = record.total;
  out.amount_paid = record.amount_paid;
  out.currency = record.currency;
  out.status = record.status === 'draft' ? 'open' : record.status;
  if (extra.hostedUrl) out.hosted_url = extra.hostedUrl;
  out.livemode = record.livemode;
  out.period = record.period;
  if (extra.lines) out.lines = extra.lines.flatMap((l) => renderLines(l, record.period));
  out.created_at = record.finalized_at ?? record.created_at;
  return out as Invoice;
}

/** Human-facing number: one invoice per partner, mode and period, so the period names it. */
export function invoiceNumber(period: string, livemode: boolean): string {
  return `${livemode ? 'INV' : 'TEST'}-${period.replace('-', '')}`;
}

/** Invoice ids are opaque to partners (spec Conventions); this is the shape we mint, `in_` + 22. */
export function isMintedInvoiceId(id: string): boolean {
  return isId('invoice', id);
}
