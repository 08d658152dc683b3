import * as z from 'zod';
import { onFirstUse } from './built-on-first-use';
import { dateTime, idOf } from './shared';

/**
 * A tax filing (spec "not shown"; read-only on the API, opened by consuming one `<kind>_tax_filing`
 * right). `status` is the filing's state; `progress` the finer step `tax_filing.status.changed` reports.
 */
export const TAX_FILING_KINDS = ['federal', 'state'] as const;
export const TAX_FILING_STATUSES = ['open', 'in_progress', 'filed', 'accepted', 'rejected'] as const;

export const taxFilingSchema = onFirstUse(() =>
  z
    .strictObject({
      object: z.literal('tax_filing'),
      id: idOf('taxFiling'),
      company: idOf('company'),
      kind: z.enum(TAX_FILING_KINDS),
      /** The tax year filed for. */
      year: z.number().int(),
      status: z.enum(TAX_FILING_STATUSES),
      /** A step label within the status, e.g. `collecting_documents`. */
      progress: z.string().optional(),
      livemode: z.boolean(),
      created_at: dateTime(),
      updated_at: dateTime().optional(),
    })
    .meta({ id: 'TaxFiling', description: 'A federal or state tax filing of a company (read-only).' }),
);

export type TaxFiling = z.infer<ReturnType<typeof taxFilingSchema>>;
