import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { dateTime } from './shared';

/** The wholesale invoice raised at month end (spec Resources → Invoice); `lines` on the single view. */
export const INVOICE_STATUSES = ['open', 'paid', 'uncollectible', 'void'] as const;

export const invoiceLineSchema = onFirstUse(() =>
  z
    .strictObject({
      /** The ledger line's id (`ln_…`), the same for the same billed act. */
      id: z.string().optional(),
      /** `order`, `fee`, `renewal`, `credit`, `difference` or `credit_carried` (docs/decisions.md). */
      kind: z.string().optional(),
      description: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      company: z.string().optional(),
      service_order: z.string().optional(),
      /** The month (`YYYY-MM`) the line was billed in. */
      period: z.string().optional(),
      billed_at: dateTime().optional(),
    })
    .meta({ id: 'InvoiceLine', description: 'One statement line: an order, a pass-through fee or a credit (negative).' }),
);

export const invoiceSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('invoice'),
      /** Opaque (spec Conventions). */
      id: z.string(),
      number: z.string().optional(),
      amount_due: z.number().int(),
      amount_paid: z.number().int(),
      currency: z.string(),
      status: z.enum(INVOICE_STATUSES),
      hosted_url: z.string().optional(),
      livemode: z.boolean().optional(),
      /** The month (`YYYY-MM`) the invoice closes. */
      period: z.string().optional(),
      lines: z.array(invoiceLineSchema()).optional(),
      created_at: dateTime(),
    })
    .meta({ id: 'Invoice', description: 'A month-end wholesale invoice. Amounts in cents.' }),
);

export type Invoice = z.infer<ReturnType<typeof invoiceSchema>>;
