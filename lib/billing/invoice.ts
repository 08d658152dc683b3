import { z } from 'zod';
import type { LedgerLine } from './ledger-line';

/**
 * The Invoice resource (spec Resources → Invoice) plus what docs/decisions.md adds: `livemode`,
 * `period`, and on the single-invoice view its `lines`.
 */
export const INVOICE_STATUSES = ['open', 'paid', 'uncollectible', 'void'] as const;

export interface InvoiceRecord {
  id: string;
  /** `draft` only while the month-end close attaches lines; never visible on the API. */
  status: 'draft' | (typeof INVOICE_STATUSES)[number];
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

export const invoiceLineSchema = z.strictObject({
  object: z.literal('line_item'),
  id: z.string(),
  kind: z.enum(['order', 'fee', 'renewal', 'credit', 'difference', 'credit_carried']),
  description: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  company: z.string().optional(),
  service_order: z.string().optional(),
  period: z.string(),
  billed_at: z.string(),
});

export const invoiceSchema = z
  .strictObject({
    object: z.literal('invoice'),
    id: z.string(),
    number: z.string().optional(),
    amount_due: z.number().int(),
    amount_paid: z.number().int(),
    currency: z.string(),
    status: z.enum(INVOICE_STATUSES),
    hosted_url: z.string().optional(),
    livemode: z.boolean(),
    period: z.string(),
    created_at: z.string(),
    lines: z.strictObject({ object: z.literal('list'), items: z.array(invoiceLineSchema) }).optional(),
  })
  .meta({ id: 'Invoice', description: 'A month-end wholesale invoice.' });

export type Invoice = z.infer<typeof invoiceSchema>;

export function renderLine(line: LedgerLine): z.infer<typeof invoiceLineSchema> {
  const out: Record<string, unknown> = { object: 'line_item', id: line.id, kind: line.kind, description: line.description, amount: line.amount, currency: line.currency };
  if (line.company) out.company = line.company;
  if (line.service_order) out.service_order = line.service_order;
  out.period = line.period;
  out.billed_at = line.billed_at;
  return out as z.infer<typeof invoiceLineSchema>;
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
  out.created_at = record.finalized_at ?? record.created_at;
  if (extra.lines) out.lines = { object: 'list', items: extra.lines.map(renderLine) };
  return out as Invoice;
}

/** Human-facing number: one invoice per partner, mode and period, so the period names it. */
export function invoiceNumber(period: string, livemode: boolean): string {
  return `${livemode ? 'INV' : 'TEST'}-${period.replace('-', '')}`;
}
